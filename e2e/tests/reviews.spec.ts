// Reviews end to end (issue 17). Members, the gig and the completed order are made through the
// API; the flow under test goes through the pages: the customer reviews first and nobody else
// sees it (double-blind), the agent reviews, both are published on the gig page and the profile,
// the agent replies, the gig's stars show in search and the minimum-rating filter finds it, a
// member reports the review and an admin hides it. A review written offline is kept on the device
// and sent once the device is back online, though its page was closed in between. axe checks the
// review screens on the way, one of them 360 px wide.
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  createMember,
  seriousAxeViolations,
  signIn as signInWith,
  unique,
  type Member,
} from '../support/members';
import { completedOrder, createGig } from '../support/orders';

const PASSWORD = 'reviews-e2e-pass-1';
const ADMIN_EMAIL = 'admin@wayfarer.test';
const DEMO_PASSWORD = 'wayfarer-demo';

const bearer = (member: Member) => ({ authorization: `Bearer ${member.token}` });

const newMember = (request: APIRequestContext, role: 'Agent' | 'Customer', name: string) =>
  createMember(request, { name, role, password: PASSWORD, prefix: 'r' });

const signIn = (context: BrowserContext, baseURL: string, member: Member) =>
  signInWith(context, baseURL, member.email, PASSWORD);

async function expectAccessible(page: Page, what: string) {
  expect(await seriousAxeViolations(page, what, ['wcag2a', 'wcag2aa'])).toEqual([]);
}

/** An active gig of `agent` (its Basic package "Market walk"), ordered, paid, delivered, accepted. */
async function gigWithCompletedOrder(
  request: APIRequestContext,
  agent: Member,
  customer: Member,
  title: string,
) {
  const gigId = await createGig(request, agent, title);
  return { gigId, orderId: await completedOrder(request, customer, agent, gigId) };
}

/** Chooses `stars` in the star group `legend` with the keyboard (a radio group: arrows). */
async function rate(page: Page, legend: string, stars: number) {
  const group = page.getByRole('group', { name: legend, exact: true });
  await group.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let n = 1; n < stars; n += 1) await page.keyboard.press('ArrowRight');
  await expect(
    group.getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars` }),
  ).toBeChecked();
}

test('double-blind reviews: published when both are in, shown on the gig page, the profile and search; a reply; an admin hides a reported one', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const agent = await newMember(request, 'Agent', 'Amara Agent');
  const customer = await newMember(request, 'Customer', 'Carmen Customer');
  const title = `Dakar market review ${unique()}`;
  const { gigId, orderId } = await gigWithCompletedOrder(request, agent, customer, title);

  // The customer reviews first, on the order page.
  const customerContext = await browser.newContext();
  const page = await signIn(customerContext, baseURL!, customer);
  await page.goto(`/orders/${orderId}`);
  const reviews = page.getByTestId('order-reviews');
  // A loaded 2-core machine may take a while for the order and then its reviews.
  await expect(reviews.getByTestId('review-window')).toContainText('Reviews can be written until', {
    timeout: 30_000,
  });
  await expect(reviews.getByTestId('their-review-state')).toHaveText(
    'Amara Agent has not reviewed this order yet.',
  );
  // Nothing chosen yet: the API's sentences show by each field, nothing is sent.
  await reviews.getByRole('button', { name: 'Submit review' }).click();
  await expect(reviews.getByText('Rate the service overall from 1 to 5 stars.')).toBeVisible();
  await rate(page, 'Overall rating', 5);
  await rate(page, 'Communication', 4);
  await rate(page, 'Service as described', 5);
  await reviews.getByRole('radio', { name: 'Yes' }).check();
  const customerText = `Amara knew every stall and every cook by name. ${unique()}`;
  await reviews.getByRole('textbox', { name: 'Your review' }).fill(customerText);
  await expectAccessible(page, 'the review form');
  await reviews.getByRole('button', { name: 'Submit review' }).click();
  await expect(reviews.getByTestId('review-blind-state')).toContainText(
    'Your review is in. It is published when Amara Agent reviews too or on',
  );
  await expect(reviews.getByTestId('my-review')).toContainText(customerText);

  // Editing until publication.
  await reviews.getByRole('button', { name: 'Edit your review' }).click();
  const editedText = `${customerText} Lunch was the best of the trip.`;
  await reviews.getByRole('textbox', { name: 'Your review' }).fill(editedText);
  await reviews.getByRole('button', { name: 'Save changes' }).click();
  await expect(reviews.getByTestId('my-review')).toContainText(editedText);

  // Nobody else sees it: not the agent, not a guest on the gig page.
  // A page of its own context: axe needs one made with browser.newContext().
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/gigs/${gigId}`);
  await expect(guest.getByTestId('reviews')).toContainText('No reviews yet', { timeout: 30_000 });
  await expect(guest.getByText(editedText)).toHaveCount(0);

  const agentContext = await browser.newContext();
  const agentPage = await signIn(agentContext, baseURL!, agent);
  await agentPage.goto(`/orders/${orderId}`);
  const agentReviews = agentPage.getByTestId('order-reviews');
  await expect(agentReviews.getByTestId('their-review-state')).toHaveText(
    'Carmen Customer has reviewed this order. You will see it once it is published.',
    { timeout: 30_000 },
  );
  await expect(agentPage.getByText(editedText)).toHaveCount(0);

  // The agent reviews: both are published.
  await rate(agentPage, 'Rating', 5);
  const agentText = `Carmen was on time and curious about everything. ${unique()}`;
  await agentReviews.getByRole('textbox', { name: 'Your review' }).fill(agentText);
  await agentReviews.getByRole('button', { name: 'Submit review' }).click();
  await expect(agentReviews.getByTestId('my-review')).toContainText('Your review is published.');
  await agentPage.reload();
  await expect(agentPage.getByTestId('their-review')).toContainText(editedText);
  await page.reload();
  await expect(page.getByTestId('their-review')).toContainText(agentText);
  await expect(page.getByRole('button', { name: 'Edit your review' })).toHaveCount(0);

  // The gig page: average, count, histogram, the review with the package bought.
  await guest.reload();
  const gigReviews = guest.getByTestId('reviews');
  await expect(gigReviews.getByTestId('review-average')).toHaveText('5.0', { timeout: 30_000 });
  await expect(gigReviews.getByTestId('review-count')).toHaveText('1 review');
  await expect(gigReviews.getByTestId('histogram-5')).toContainText('1');
  await expect(gigReviews.getByTestId('histogram-4')).toContainText('0');
  // The review's points, in the agent card under the service's name (5 stars: 50).
  await expect(guest.getByText('Tour Guide: 50')).toBeVisible();
  const published = gigReviews.getByTestId('review');
  await expect(published).toHaveCount(1);
  await expect(published).toContainText(editedText);
  await expect(published).toContainText('Basic package: Market walk');
  await expect(published).toContainText('Carmen Customer');
  await expectAccessible(guest, 'the gig page with reviews');

  // The agent's public profile lists it with the average.
  await guest.goto(`/@/${agent.tagname}/reviews`);
  await expect(guest.getByTestId('review-average')).toHaveText('5.0');
  await expect(guest.getByTestId('review')).toContainText(editedText);

  // The agent replies once, from the gig page.
  await agentPage.goto(`/gigs/${gigId}`);
  const toReply = agentPage.getByTestId('reviews').getByTestId('review');
  await toReply.getByRole('button', { name: 'Reply', exact: true }).click();
  const replyText = 'Thank you, Carmen: come back for the fish market!';
  await toReply.getByLabel('Your public reply').fill(replyText);
  await toReply.getByRole('button', { name: 'Post reply' }).click();
  await expect(toReply.getByTestId('review-reply')).toContainText(replyText);
  await expect(toReply.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
  await guest.goto(`/gigs/${gigId}`);
  await expect(guest.getByTestId('review-reply')).toContainText(replyText);

  // Search: the card's stars and count, and the minimum-rating filter finds the gig.
  await guest.goto(`/explore?q=${encodeURIComponent(title)}`);
  const card = guest.getByTestId('gig-card').filter({ hasText: title });
  await expect(card).toContainText('5.0');
  await expect(card).toContainText('(1 review)');
  await guest.getByLabel('Minimum rating').selectOption('4.5');
  await expect(guest).toHaveURL(/rating=4\.5/);
  await expect(guest.getByTestId('gig-card').filter({ hasText: title })).toBeVisible();

  // A member reports it, from the gig page, on a phone-sized screen.
  const reporter = await newMember(request, 'Customer', 'Rita Reporter');
  const reporterContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const reporterPage = await signIn(reporterContext, baseURL!, reporter);
  await reporterPage.goto(`/gigs/${gigId}`);
  const toReport = reporterPage.getByTestId('reviews').getByTestId('review');
  await toReport.getByRole('button', { name: /Helpful/ }).click();
  await expect(toReport.getByRole('button', { name: 'Helpful (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await toReport.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = reporterPage.getByRole('dialog', { name: 'Report this review' });
  await dialog.getByLabel('Reason').selectOption('off_topic');
  await dialog.getByLabel('Details (optional)').fill('This is about another trip.');
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(toReport.getByText('You reported this review.')).toBeVisible();
  const scrollWidth = await reporterPage.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await expectAccessible(reporterPage, 'the gig page at 360 px');

  // The admin hides it with a note; it leaves the gig page and its average.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const login = await adminPage.request.post('/api/admin/login', {
    data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD, remember: false },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await adminContext.addCookies([{ name: 'token', value: token, url: new URL(baseURL!).origin }]);
  await adminPage.goto('/admin');
  await adminPage.getByRole('link', { name: 'Reviews' }).first().click();
  await expect(adminPage).toHaveURL(/\/admin\/reviews/);
  const row = adminPage.getByTestId('admin-review').filter({ hasText: editedText });
  await expect(row).toContainText('Not about this service');
  await expect(row).toContainText('This is about another trip.');
  await expectAccessible(adminPage, 'the admin reviews page');
  await row.getByRole('button', { name: 'Hide' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Hide this review?' });
  await confirm.getByRole('button', { name: 'Hide review' }).click();
  await expect(confirm.getByRole('alert')).toContainText('note');
  await confirm.getByLabel('Note').fill('Describes another trip, not this order.');
  await confirm.getByRole('button', { name: 'Hide review' }).click();
  await expect(confirm).toHaveCount(0);
  await adminPage.goto('/admin/reviews?status=hidden');
  await expect(adminPage.getByTestId('admin-review').filter({ hasText: editedText })).toContainText(
    'Describes another trip, not this order.',
  );

  await guest.goto(`/gigs/${gigId}`);
  await expect(guest.getByTestId('reviews')).toContainText('No reviews yet');
  await expect(guest.getByText(editedText)).toHaveCount(0);

  await Promise.all([
    customerContext.close(),
    agentContext.close(),
    reporterContext.close(),
    adminContext.close(),
    guestContext.close(),
  ]);
});

test('a review written offline is kept on the device and sent when back online, though its page was closed', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const agent = await newMember(request, 'Agent', 'Omar Agent');
  const customer = await newMember(request, 'Customer', 'Olga Customer');
  const { orderId } = await gigWithCompletedOrder(
    request,
    agent,
    customer,
    `Offline review ${unique()}`,
  );

  const context = await browser.newContext();
  const page = await signIn(context, baseURL!, customer);
  await page.goto(`/orders/${orderId}`);
  const reviews = page.getByTestId('order-reviews');
  await expect(reviews.getByRole('button', { name: 'Submit review' })).toBeVisible({
    timeout: 30_000,
  });
  // The local database is open and syncing (the header's sync status) before going offline.
  await expect(page.getByTestId('sync-indicator').first()).toHaveAttribute('data-state', 'online');

  await context.setOffline(true);
  await rate(page, 'Overall rating', 4);
  await rate(page, 'Communication', 4);
  await rate(page, 'Service as described', 3);
  await reviews.getByRole('radio', { name: 'No' }).check();
  const text = `Good walk, though we missed the fish market. ${unique()}`;
  await reviews.getByRole('textbox', { name: 'Your review' }).fill(text);
  await reviews.getByRole('button', { name: 'Submit review' }).click();
  await expect(reviews.getByTestId('review-queued')).toContainText(
    'saved on this device and will be sent as soon as you are back online',
  );
  await page.close();

  // Nothing reached the server while offline.
  const before = await request.get(`/api/orders/${orderId}/reviews`, { headers: bearer(customer) });
  expect(((await before.json()) as { mine: unknown }).mine).toBeNull();

  // Back online, the app starts on another page and sends it.
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/');
  await expect(again.getByText('Your review was sent.')).toBeVisible({ timeout: 20_000 });
  const after = await request.get(`/api/orders/${orderId}/reviews`, { headers: bearer(customer) });
  const state = (await after.json()) as {
    mine: { text: string; rating: number; would_recommend: boolean };
  };
  expect(state.mine).toMatchObject({ text, rating: 4, would_recommend: false });

  await again.goto(`/orders/${orderId}`);
  await expect(again.getByTestId('my-review')).toContainText(text);
  await expect(again.getByTestId('review-queued')).toHaveCount(0);
  await context.close();
});
