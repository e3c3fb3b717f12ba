// Reputation and seller levels (issue 17) on the real app. The agent's history is made over HTTP
// as the people would make it: a fresh agent publishes a gig, a customer orders and pays it
// twice, the agent delivers at once and the customer accepts; a third paid order is cancelled by
// the customer; the customer writes to the agent and the agent answers (real message delivery).
// Then, in the browser only: the agent's dashboard shows the level card with the measures and
// what Level 1 still needs; the gig page's agent card shows the level, the response time and the
// on-time rate; the agent's public profile shows the level.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createMember, signIn, unique, type Member } from '../support/members';
import { completedOrder, createGig, paidOrder } from '../support/orders';

const PASSWORD = 'reputation-e2e-pass-1';

async function call(
  request: APIRequestContext,
  who: Member,
  path: string,
  data: Record<string, unknown>,
  status = 200,
) {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${who.token}` },
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as Record<string, { id: string }>;
}

test('the agent’s dashboard shows the level and what is missing; the gig page and profile show the figures', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const agent = await createMember(request, {
    name: 'Rania Reputation',
    role: 'Agent',
    password: PASSWORD,
    prefix: 'rep',
  });
  const customer = await createMember(request, {
    name: 'Carl Customer',
    role: 'Customer',
    password: PASSWORD,
    prefix: 'rec',
  });
  const title = `Old town walk with a storyteller ${unique()}`;
  const gigId = await createGig(request, agent, title);
  for (let i = 0; i < 2; i++) await completedOrder(request, customer, agent, gigId);
  const cancelled = await paidOrder(request, customer, gigId);
  await call(request, customer, `/api/orders/${cancelled}/cancel`, {
    reason: 'Our trip was moved to next year.',
  });
  await call(
    request,
    customer,
    '/api/inbox/messages',
    { to: agent.tagname, body: 'Do you also guide in the evening?', id: `q${unique()}` },
    201,
  );
  await call(
    request,
    agent,
    '/api/inbox/messages',
    { to: customer.tagname, body: 'Yes, the lanes are lovely at dusk.', id: `a${unique()}` },
    201,
  );

  // The agent's dashboard: the level card.
  const agentContext = await browser.newContext();
  const page = await signIn(agentContext, baseURL!, agent.email, PASSWORD);
  await page.goto('/agent/dashboard');
  const card = page.getByRole('region', { name: 'Your seller level' });
  // The first reads of the reputation views build their indexes: on a loaded runner, allow time.
  await expect(card.getByTestId('seller-level')).toHaveText('New seller', { timeout: 30_000 });
  await expect(card.getByTestId('level-completed')).toHaveText('2');
  await expect(card.getByTestId('level-rating')).toHaveText('No reviews yet');
  await expect(card.getByTestId('level-on-time')).toHaveText('100%');
  await expect(card.getByTestId('level-response-rate')).toHaveText('100%');
  await expect(card.getByTestId('level-response-time')).toHaveText('Within an hour');
  await expect(card.getByTestId('level-cancellations')).toHaveText('33%');
  await expect(card.getByRole('heading', { name: 'To reach Level 1' })).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText([
    '3 more completed orders',
    'An average rating of 4.4 or more (no reviews yet)',
    'Cancellations at 10% or fewer of ended orders over the last 60 days (now 33.3%)',
  ]);
  await agentContext.close();

  // A guest on the gig page: the agent card's level, response time and on-time rate.
  const guest = await browser.newContext();
  const gigPage = await guest.newPage();
  await gigPage.goto(`/gigs/${gigId}`);
  await expect(gigPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const agentCard = gigPage.getByRole('complementary').getByTestId('agent-reputation');
  await expect(agentCard.getByTestId('seller-level')).toHaveText('New seller', {
    timeout: 20_000,
  });
  await expect(agentCard.getByTestId('response-time')).toHaveText('Within an hour');
  await expect(agentCard.getByTestId('on-time-rate')).toHaveText('100%');

  // And the agent's public profile.
  await gigPage.goto(`/@/${agent.tagname}`);
  await expect(gigPage.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
  await expect(gigPage.getByTestId('seller-level')).toHaveText('New seller');
  await guest.close();
});
