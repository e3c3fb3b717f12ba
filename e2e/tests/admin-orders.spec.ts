// Orders in the admin area (issue 15) on the real app. Everything before the admin's part is set
// up over HTTP as the people would do it: a demo agent publishes a gig, a demo customer orders
// and pays it with the sandbox's test card, the agent delivers a file, the customer disputes.
// Then an admin, in the browser only, finds the dispute, reads both sides, refunds part of the
// order, and the customer's own view of the order shows the refund and the note.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unique, expectAccessible } from '../support/members';

const DEMO_PASSWORD = 'wayfarer-demo';
const ADMIN_EMAIL = 'admin@wayfarer.test';
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
/** A 1×1 PNG: the server checks files by their content. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function tokenOf(request: APIRequestContext, email: string, path = '/api/login') {
  const response = await request.post(path, {
    data: { email, password: DEMO_PASSWORD, remember: false },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface OrderBody {
  order: {
    id: string;
    status: string;
    total: { amount: number };
    refunded: { amount: number };
    dispute: { resolution: { outcome: string; note: string; refund: { amount: number } } | null };
  };
}

/** Calls the API and expects `status`; returns the order in the answer. */
async function orderCall(
  request: APIRequestContext,
  token: string,
  path: string,
  data?: Record<string, unknown>,
  status = 200,
) {
  const response = data
    ? await request.post(path, { headers: bearer(token), data })
    : await request.get(path, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as OrderBody).order;
}

/**
 * A disputed order of a fresh gig (Basic $50 plus a $25 extra: $75): placed and paid by Sofia,
 * delivered by Amara with a file, disputed by Sofia.
 */
async function disputedOrder(request: APIRequestContext, title: string, reason: string) {
  const amara = await tokenOf(request, 'amara@wayfarer.test');
  const sofia = await tokenOf(request, 'sofia@wayfarer.test');
  const gig = await request.post('/api/gigs', {
    headers: bearer(amara),
    data: {
      title,
      service_id: 'tour-guide',
      description:
        'A slow morning through the city markets, tasting as we go, with a cook who shops there every day.',
      status: 'active',
      packages: [
        {
          tier: 'basic',
          name: 'Market walk',
          price: { amount: 5000, currency: 'USD' },
          delivery_days: 2,
          revisions: 1,
        },
      ],
      extras: [{ title: 'Cooking class after', price: { amount: 2500, currency: 'USD' } }],
    },
  });
  expect(gig.status(), await gig.text()).toBe(201);
  const gigId = ((await gig.json()) as { gig: { id: string } }).gig.id;
  const serviceDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const placed = await orderCall(
    request,
    sofia,
    '/api/orders',
    {
      gig_id: gigId,
      tier: 'basic',
      extras: [0],
      service_date: serviceDate,
      travellers: 2,
      meeting_place: 'Hotel lobby',
      requirements: 'Two adults, vegetarian lunch.',
    },
    201,
  );
  await orderCall(request, sofia, `/api/orders/${placed.id}/pay`, { card: CARD });
  const delivered = await request.post(`/api/orders/${placed.id}/deliver`, {
    headers: bearer(amara),
    multipart: {
      message: 'Here is your market map.',
      files: { name: 'market-map.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  const disputed = await orderCall(request, sofia, `/api/orders/${placed.id}/dispute`, { reason });
  expect(disputed.status).toBe('disputed');
  return { id: placed.id, sofia };
}

/** Signs `page` in as the admin: the `token` cookie a returning admin has. */
async function signInAdmin(page: Page, baseURL: string | undefined) {
  const token = await tokenOf(page.request, ADMIN_EMAIL, '/api/admin/login');
  await page.context().addCookies([{ name: 'token', value: token, url: new URL(baseURL!).origin }]);
}

test('a dispute is resolved by an admin with a refund and the customer sees it', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Dakar market morning ${unique()}`;
  const reason = 'The guide left after an hour and the cooking class never happened.';
  const note = 'The class did not happen: its $25 and a little more are refunded.';
  const { id, sofia } = await disputedOrder(request, title, reason);

  await signInAdmin(page, baseURL);
  await page.goto('/admin');
  const health = page.getByRole('region', { name: 'Orders and the ledger' });
  await expect(health.getByText('Ledger balanced')).toBeVisible();
  await expect(health.getByRole('list', { name: 'Orders' })).toContainText('disputed');

  // The queue, then the dispute: the reason, who opened it, the delivery and its file.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Disputes' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await page.getByRole('article', { name: title }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/disputes/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Dispute: ${title}` })).toBeVisible();
  const dispute = page.getByRole('region', { name: 'Dispute', exact: true });
  await expect(dispute).toContainText(reason);
  await expect(dispute).toContainText('Sofia');
  await expect(dispute).toContainText('(customer)');
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await expect(deliveries).toContainText('Here is your market map.');
  const download = page.waitForEvent('download');
  await deliveries.getByRole('button', { name: 'market-map.png' }).click();
  expect((await download).suggestedFilename()).toBe('market-map.png');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(reason);
  await expectAccessible(page, 'dispute with the resolve form');

  // A refund over the total is refused by its field before anything is sent.
  const form = page.getByRole('region', { name: 'Resolve the dispute' });
  await form.getByText('Refund the customer').click();
  await form.getByText('Partial refund').click();
  await form.getByLabel('Refund amount (USD)').fill('80');
  await form.getByLabel('Note to both parties').fill(note);
  await form.getByRole('button', { name: 'Resolve dispute' }).click();
  await expect(form.getByText("The refund is at most the order's total, $75.")).toBeVisible();

  await form.getByLabel('Refund amount (USD)').fill('30.50');
  await form.getByRole('button', { name: 'Resolve dispute' }).click();
  const confirm = page.getByRole('dialog', { name: 'Resolve this dispute?' });
  await expect(confirm).toContainText('gets $30.50 back');
  await expectAccessible(page, 'the resolve confirmation');
  await confirm.getByRole('button', { name: 'Confirm and resolve' }).click();

  // The page shows the resolution; the form is gone.
  await expect(form).toHaveCount(0);
  await expect(dispute).toContainText('Refunded in part');
  await expect(dispute).toContainText('$30.50');
  await expect(dispute).toContainText(note);
  await expect(page.getByRole('main').locator('.badge', { hasText: 'Completed' })).toBeVisible();
  await expectAccessible(page, 'a resolved dispute');

  // The customer's own view of the order.
  const seen = await orderCall(request, sofia, `/api/orders/${id}`);
  expect(seen.status).toBe('completed');
  expect(seen.refunded.amount).toBe(3050);
  expect(seen.dispute.resolution).toMatchObject({
    outcome: 'refund',
    note,
    refund: { amount: 3050 },
  });

  // The audit log says who resolved it and links the order.
  await page.goto('/admin/audit');
  await expect(
    page.getByText(`Resolved a dispute: refunded $30.50 to the customer. Note: ${note}`).first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: `Order #${id.slice(0, 8)}` }).first()).toBeVisible();

  // The queue no longer lists it; the orders list finds it by its gig, with the refund.
  await page.goto('/admin/disputes');
  await expect(page.getByRole('main').getByRole('status')).toContainText(/dispute/);
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await page.getByLabel('Search', { exact: true }).fill(title);
  await expect(page).toHaveURL(/\/admin\/orders\?q=/);
  await page.getByLabel('Status').selectOption('completed');
  await expect(page).toHaveURL(/status=completed/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('$30.50 refunded');
  // The orders pages themselves are read by axe in every-route.spec.ts; a filtered list is not.
  await expectAccessible(page, 'orders filtered by search and status');
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${id}$`));
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money).toContainText('$75');
  await expect(money).toContainText('$30.50');
  await page.getByRole('region', { name: 'Parties' }).getByRole('link', { name: /Sofia/ }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Sofia/ })).toBeVisible();
});
