// The header's favourites and messages buttons (issue 20): their counts come from the member's
// own database, so they follow a message synced in, a conversation read and a gig saved or
// unsaved without a reload, and still show offline. A member's inbox and notifications open
// inside their own area. Members are made through the API; the agent writes through the API's
// send route (an online client), the customer uses the browser.
import { test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createMember, expectAccessible, unique, type Member } from '../support/members';
import { syncExpect as expect, waitForServiceWorkerControl } from '../support/sync';

const PASSWORD = 'badges-password-1';

const newMember = (request: APIRequestContext, name: string, role: 'Customer' | 'Agent') =>
  createMember(request, { name, password: PASSWORD, prefix: 'hb', role });

/** A browser context signed in as `member` (a returning visitor: the token cookie). */
async function pageFor(browser: Browser, baseURL: string | undefined, member: Member) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/login', {
    data: { email: member.email, password: PASSWORD, remember: false },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await context.addCookies([{ name: 'token', value: token, url: new URL(baseURL!).origin }]);
  return { context, page: await context.newPage() };
}

async function sendMessage(request: APIRequestContext, from: Member, to: Member, body: string) {
  const response = await request.post('/api/inbox/messages', {
    headers: { authorization: `Bearer ${from.token}` },
    data: { to: to.tagname, body, id: `hb-${unique()}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const messagesBadge = (page: Page) => page.getByTestId('messages-badge');
const favouritesBadge = (page: Page) => page.getByTestId('favourites-badge');
const syncState = (page: Page) => page.getByTestId('sync-indicator').first();

/** The wishlist dialog of the `index`th gig card, opened with its heart. */
async function openHeart(page: Page, index: number) {
  await page.getByTestId('gig-card').nth(index).getByTestId('wishlist-button').click();
  const dialog = page.getByRole('dialog', { name: 'Save to a wishlist' });
  await expect(dialog.getByText('Opening your wishlists…')).toHaveCount(0);
  return dialog;
}

test('a customer’s badges follow messages and saved gigs live, and show offline', async ({
  browser,
  baseURL,
  request,
}) => {
  // Two members, live replication, the service worker's precache and an offline reload: up to
  // 30 s each on a loaded 2-core runner.
  test.setTimeout(240_000);
  const [customer, agent] = await Promise.all([
    newMember(request, 'Cora Badges', 'Customer'),
    newMember(request, 'Abel Badges', 'Agent'),
  ]);
  const { context, page } = await pageFor(browser, baseURL, customer);

  await page.goto('/customer/dashboard');
  await expect(syncState(page)).toHaveAttribute('data-state', 'online');
  await expect(messagesBadge(page)).toHaveAccessibleName('Messages');
  await expect(messagesBadge(page)).toHaveAttribute('href', '/inbox');
  await expect(favouritesBadge(page)).toHaveAccessibleName('Favourites');
  await expect(favouritesBadge(page)).toHaveAttribute('href', '/profile/wishlists');
  // No badge at 0: the links hold only their icons.
  await expect(messagesBadge(page)).toHaveText('');
  await expect(favouritesBadge(page)).toHaveText('');

  // Saving gigs raises the favourites count, in the public header too; unsaving lowers it.
  await page.goto('/explore');
  await expect(page.getByTestId('gig-card').nth(1)).toBeVisible();
  let dialog = await openHeart(page, 0);
  await dialog.getByLabel('Name').fill('Trip ideas');
  await dialog.getByRole('button', { name: 'Create and save' }).click();
  await expect(dialog.getByRole('checkbox', { name: /Trip ideas/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(favouritesBadge(page)).toHaveAccessibleName('Favourites, 1 saved gig');
  await expect(favouritesBadge(page)).toHaveText('1');

  // The boxes show what the device's database holds: checked once the write is there.
  dialog = await openHeart(page, 1);
  await dialog.getByRole('checkbox', { name: /Trip ideas/ }).click();
  await expect(dialog.getByRole('checkbox', { name: /Trip ideas/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(favouritesBadge(page)).toHaveAccessibleName('Favourites, 2 saved gigs');

  dialog = await openHeart(page, 0);
  await dialog.getByRole('checkbox', { name: /Trip ideas/ }).click();
  await expect(dialog.getByRole('checkbox', { name: /Trip ideas/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(favouritesBadge(page)).toHaveAccessibleName('Favourites, 1 saved gig');

  // The agent writes twice: one conversation with unread messages, counted once, live.
  await sendMessage(request, agent, customer, 'Hello Cora, about your trip');
  await expect(messagesBadge(page)).toHaveAccessibleName('Messages, 1 unread');
  await expect(messagesBadge(page)).toHaveText('1');
  await sendMessage(request, agent, customer, 'And one more thing');

  // The favourites button leads to the wishlists, where the gig is.
  await favouritesBadge(page).click();
  await expect(page).toHaveURL(/\/profile\/wishlists$/);
  await expect(page.getByRole('heading', { name: /Trip ideas/ })).toBeVisible();

  // Offline, after a reload (the app shell from the service worker): the same counts.
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(syncState(page)).toHaveAttribute('data-state', 'offline');
    await expect(favouritesBadge(page)).toHaveAccessibleName('Favourites, 1 saved gig');
    await expect(messagesBadge(page)).toHaveAccessibleName('Messages, 1 unread');
  } finally {
    await context.setOffline(false);
  }
  await expect(syncState(page)).toHaveAttribute('data-state', 'online');

  // The messages button opens the inbox, inside the customer's area; both messages are unread.
  await messagesBadge(page).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('navigation', { name: 'Customer area' })).toBeVisible();
  const row = page.getByTestId('inbox-item').filter({ hasText: 'Abel Badges' });
  await expect(row.getByTestId('unread-count')).toHaveText('2 unread');
  await expect(messagesBadge(page)).toHaveAccessibleName('Messages, 1 unread');

  // Reading the conversation clears the badge at once, in the chat and back in the inbox.
  await row.click();
  await expect(page.getByTestId('message').filter({ hasText: 'And one more thing' })).toBeVisible();
  await expect(messagesBadge(page)).toHaveAccessibleName('Messages');
  await expect(messagesBadge(page)).toHaveText('');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(row.getByTestId('unread-count')).toHaveCount(0);
  await expect(messagesBadge(page)).toHaveAccessibleName('Messages');

  await context.close();
});

test('an agent’s inbox and notifications open inside the agent area', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const agent = await newMember(request, 'Ada Area', 'Agent');
  const { context, page } = await pageFor(browser, baseURL, agent);

  await page.goto('/agent/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Agent area' });
  await expect(sidebar).toBeVisible();

  // From the area's account menu, as the spec's header menu has it.
  await page.getByRole('button', { name: 'Account menu for Ada Area' }).click();
  await page.getByRole('link', { name: 'Inbox' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/agent/dashboard',
  );
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // The agent's own favourites and messages buttons are there too.
  await expect(messagesBadge(page)).toBeVisible();
  await expect(favouritesBadge(page)).toBeVisible();
  await expectAccessible(page, 'the inbox in the agent area');

  // The bell's See All: the notifications, in the same area.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('link', { name: 'See All' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(sidebar).toBeVisible();

  // Opened directly (a reload, a bookmark), the same layout.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Agent area' })).toBeVisible();

  await context.close();
});
