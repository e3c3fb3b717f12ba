// The admin area end to end on the real app (issue 7): admin login and guard, services that the
// public site follows, suspending a signed-in member, blog posts on the public blog, users,
// messages, the dashboard, and accessibility of what the every-route spec does not reach.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiLogin, signInWithCookie, expectAccessible } from '../support/members';

const ADMIN_EMAIL = 'admin@wayfarer.test';
/** A 1×1 PNG: the server checks uploads by their content. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let counter = 0;
/** Lower-case letters only: safe in service names, slugs and emails alike. */
function unique(): string {
  counter += 1;
  const n = Date.now() * 100 + counter * 7 + Math.floor(Math.random() * 7);
  return n.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
}

/** Signs `page` in as a returning visitor is: a `token` cookie from an earlier session. */
async function signIn(page: Page, baseURL: string | undefined, email: string, password?: string) {
  const path = email === ADMIN_EMAIL ? '/api/admin/login' : '/api/login';
  await signInWithCookie(page, baseURL, email, password, path);
}

/** A visitor in a browser context of their own (no cookies shared with the admin). */
async function guestPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an admin logs in, creates a service, and a guest sees it in the Services menu and on its page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = `Canyon Guide ${unique()}`;
  const id = name.toLowerCase().replace(/\s+/g, '-');

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The header's dropdown carries the admin's real name and title.
  await page.getByRole('button', { name: 'Account menu for Ada Okafor' }).click();
  await expect(page.getByText('Administrator').last()).toBeVisible();
  await page.keyboard.press('Escape');

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Services' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await page.getByRole('link', { name: 'New service' }).click();
  await page.getByRole('button', { name: 'Create service' }).click();
  // The server's field errors show by their fields.
  await expect(page.getByText('A name has at least 2 characters.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page
    .getByLabel('Description')
    .fill('Guides for slot canyons, ropes and flash-flood sense.');
  await page.getByRole('radio', { name: 'mountain' }).check();
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page).toHaveURL(/\/admin\/services$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');

  // A duplicate name is refused by the field.
  await page.getByRole('link', { name: 'New service' }).click();
  await page.getByLabel('Name').fill(name.toUpperCase());
  await page.getByLabel('Description').fill('The same service under another case.');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText('A service with this name exists.')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();

  // A guest in another browser context: the Services menu and the service's page.
  const guest = await guestPage(browser, baseURL);
  const menu = guest.page.getByRole('list', { name: 'Service categories' });
  await expect(async () => {
    await guest.page.goto('/');
    await guest.page.getByRole('button', { name: 'Services', exact: true }).click();
    await expect(menu.getByRole('link', { name })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await menu.getByRole('link', { name }).click();
  await expect(guest.page).toHaveURL(new RegExp(`/services/${id}$`));
  await expect(guest.page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Deactivated, it leaves the public menu and its page; then it is deleted.
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await confirmDialog(page, 'Deactivate');
  await expect(row).toContainText('Inactive');
  await expect
    .poll(
      async () =>
        ((await (await guest.page.request.get('/api/getServices')).json()) as { name: string }[])
          .map((s) => s.name)
          .includes(name),
      { timeout: 10_000 },
    )
    .toBe(false);
  expect((await guest.page.request.get(`/api/services/${id}`)).status()).toBe(404);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await confirmDialog(page, 'Delete service');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await guest.context.close();
});

test('the admin suspends a member who is signed in elsewhere: refused at once and sent to login', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const email = `e2e-victim-${id}@example.test`;
  const password = 'victim-password-1';
  const registered = await request.post('/api/register', {
    data: {
      full_name: `Vic Tim ${id}`,
      email,
      password,
      password_confirmation: password,
      role: 'Agent',
    },
  });
  expect(registered.status()).toBe(201);

  await signIn(page, baseURL, ADMIN_EMAIL);
  await page.goto('/admin/users');
  await page.getByLabel('Search', { exact: true }).fill(email);
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(email).replace(/\./g, '\\.')}`),
  );
  await expect(page.getByRole('status').filter({ hasText: '1 user match' })).toBeVisible();
  await page.getByRole('link', { name: `Vic Tim ${id}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Vic Tim ${id}` })).toBeVisible();

  // Verify the address by hand, so the member can reach their onboarding.
  await page.getByRole('button', { name: 'Mark email verified' }).click();
  await confirmDialog(page, 'Mark verified');
  await expect(page.getByRole('button', { name: 'Mark email verified' })).toHaveCount(0);

  // The member, signed in on another device, is onboarding.
  const member = await guestPage(browser, baseURL);
  await signIn(member.page, baseURL, email, password);
  await member.page.goto('/newcomer/page1');
  await expect(member.page.getByRole('heading', { name: 'Choose your tagname' })).toBeVisible();

  await page.getByRole('button', { name: 'Suspend user' }).click();
  await expect(page.getByRole('dialog')).toContainText('signed out on every device');
  await confirmDialog(page, 'Suspend user');
  await expect(page.getByRole('button', { name: 'Reactivate user' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Suspended', { exact: true })).toBeVisible();

  // Their next request is refused and they land on login, which says why it refuses them.
  // That request is the sync of their data or, if it has not asked yet, the tagname check as
  // they type: whichever comes first.
  const tagname = member.page.getByRole('textbox', { name: 'Tagname' });
  if (await tagname.isVisible()) {
    await tagname.fill(`vic_${id}`.slice(0, 30), { timeout: 2_000 }).catch(() => undefined);
  }
  await expect(member.page).toHaveURL(/\/login\?redirect=%2Fnewcomer%2Fpage1$/);
  await member.page.getByLabel('Email').fill(email);
  await member.page.getByLabel('Password').fill(password);
  await member.page.getByRole('button', { name: 'Log in' }).click();
  await expect(member.page.getByRole('alert')).toContainText('This account has been suspended.');

  // The audit trail says who did it and what changed.
  const trail = page.getByRole('region', { name: 'Audit trail' });
  await expect(trail.getByText(`Suspended Vic Tim ${id}`, { exact: true })).toBeVisible();
  await expect(trail.getByRole('row', { name: 'status active suspended' })).toBeVisible();
  await expect(trail.getByText(/by Ada Okafor/).first()).toBeVisible();

  // Reactivated, then made a Customer; the log in works again with the new role.
  await page.getByRole('button', { name: 'Reactivate user' }).click();
  await confirmDialog(page, 'Reactivate user');
  await expect(page.getByRole('button', { name: 'Suspend user' })).toBeVisible();
  await page.getByLabel('Role').selectOption('Customer');
  await page.getByRole('button', { name: 'Change role' }).click();
  await confirmDialog(page, 'Change role');
  await expect(page.getByRole('main').getByText('Customer', { exact: true }).first()).toBeVisible();
  const back = await apiLogin(member.page.request, email, password);
  expect(back.token).toBeTruthy();

  // The audit log page has the same actions.
  await page.goto('/admin/audit');
  await expect(page.getByText(`Reactivated Vic Tim ${id}`, { exact: true })).toBeVisible();

  // Deleted: back to the list, and the account is gone.
  await page.goto(`/admin/users/${back.user.id}`);
  await page.getByRole('button', { name: 'Delete user' }).click();
  await confirmDialog(page, 'Delete user');
  await expect(page).toHaveURL(/\/admin\/users$/);
  expect(
    (await request.post('/api/login', { data: { email, password, remember: false } })).status(),
  ).toBe(422);
  await member.context.close();
});

test('the admin writes a post, adds a cover and publishes it; the public blog shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = `Packing for the monsoon ${unique()}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  await signIn(page, baseURL, ADMIN_EMAIL);
  await page.goto('/admin/blog');
  await page.getByRole('link', { name: 'New post' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Summary').fill('What our photographers carry in July.');
  await page
    .getByLabel('Post', { exact: true })
    .fill('Dry bags, spare batteries and **patience**.');
  await page.getByText('Preview').click();
  await expect(page.locator('.prose strong')).toHaveText('patience');
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog/${slug}/edit$`));
  await expect(page.getByText('Draft: only admins see it.')).toBeVisible();

  await page.getByLabel('New cover image').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  await page.getByRole('button', { name: 'Upload cover' }).click();
  await expect(page.getByText('The cover was uploaded.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'The current cover' })).toBeVisible();

  const guest = await guestPage(browser, baseURL);
  expect((await guest.page.request.get(`/api/blogs/${slug}`)).status()).toBe(404);

  await page.getByRole('link', { name: 'All posts' }).click();
  await page.getByRole('button', { name: `Publish “${title}”` }).click();
  await confirmDialog(page, 'Publish');
  await expect(page.getByRole('button', { name: `Unpublish “${title}”` })).toBeVisible();

  await guest.page.goto('/blogs');
  await guest.page.getByRole('link', { name: title }).first().click();
  await expect(guest.page).toHaveURL(new RegExp(`/blogs/${slug}$`));
  await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    guest.page.getByRole('main').locator('strong', { hasText: 'patience' }),
  ).toBeVisible();

  // Unpublished, it leaves the public blog; deleted, it is gone.
  await page.getByRole('button', { name: `Unpublish “${title}”` }).click();
  await confirmDialog(page, 'Unpublish');
  expect((await guest.page.request.get(`/api/blogs/${slug}`)).status()).toBe(404);
  await page.getByRole('button', { name: `Delete “${title}”` }).click();
  await confirmDialog(page, 'Delete post');
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await guest.context.close();
});

test('a non-admin opening /admin lands on the admin login, which refuses them', async ({
  page,
  baseURL,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);

  await signIn(page, baseURL, 'sofia@wayfarer.test');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);
  await expect(page.getByRole('heading', { name: 'Admin log in' })).toBeVisible();
  await page.getByLabel('Email').fill('sofia@wayfarer.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('This login is for administrators only.');
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('admin logout goes back to the admin login', async ({ page, baseURL }) => {
  await signIn(page, baseURL, ADMIN_EMAIL);
  await page.goto('/admin/services');
  await page.getByRole('button', { name: 'Account menu for Ada Okafor' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);
});

test('users: debounced search, filters, sort and the header search', async ({ page, baseURL }) => {
  await signIn(page, baseURL, ADMIN_EMAIL);
  await page.goto('/admin/users');
  await page.getByLabel('Search', { exact: true }).fill('KENJI');
  await expect(page).toHaveURL(/\/admin\/users\?search=KENJI$/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('kenji@wayfarer.test');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  await page.getByLabel('Role').selectOption('Agent');
  await page.getByLabel('Sort by').selectOption('name');
  await expect(page).toHaveURL(/role=Agent&sort=name$/);
  // The rows on screen until then are an earlier answer's (the KENJI search is all Agent too).
  await expect(page.getByRole('region', { name: 'Users' })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  const roleCells = page.getByRole('table').locator('td[data-label="Role"]');
  await expect(roleCells.filter({ hasNotText: 'Agent' })).toHaveCount(0);
  const roles = await page.getByRole('table').locator('td[data-label="Role"]').allTextContents();
  expect(roles.length).toBeGreaterThanOrEqual(4);
  expect(new Set(roles)).toEqual(new Set(['Agent']));
  await expect
    .poll(async () => {
      const names = await page.getByRole('table').locator('tbody th a').allTextContents();
      return names.join('|') === [...names].sort((a, b) => a.localeCompare(b)).join('|');
    })
    .toBe(true);

  // The filtered list survives a reload: it lives in the URL.
  await page.reload();
  await expect(page.getByLabel('Role')).toHaveValue('Agent');

  // The header search finds people and services.
  const search = page
    .getByRole('search')
    .filter({ has: page.getByLabel('Search users and services') });
  await search.getByLabel('Search users and services').fill('chef');
  await expect(search.getByRole('list', { name: 'Services found' })).toContainText('Chef');
  await search.getByRole('link', { name: /Chef/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/services\/chef\/edit$/);
  await expect(page.getByLabel('Name')).toHaveValue('Chef');
});

test('contact messages: read and mark handled', async ({ page, baseURL, request }) => {
  const subject = `Partnership ${unique()}`;
  const sent = await request.post('/api/contact', {
    data: {
      name: 'Ravi Patel',
      email: 'ravi@example.com',
      subject,
      message: 'We run a guide school in Goa and would like to list our graduates.',
    },
  });
  expect(sent.ok()).toBe(true);
  await signIn(page, baseURL, ADMIN_EMAIL);
  await page.goto('/admin/messages');
  const message = page.getByRole('article', { name: subject });
  await message.getByText('Read the message').click();
  await expect(message).toContainText('guide school in Goa');
  await message.getByRole('button', { name: 'Mark handled' }).click();
  await expect(message).toHaveCount(0);
  await page.getByRole('link', { name: 'Handled' }).click();
  await expect(page.getByRole('article', { name: subject })).toContainText('handled');
});

test('the dashboard shows figures and charts with a table alternative', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL, ADMIN_EMAIL);
  await page.goto('/admin');
  const figures = page.getByRole('list', { name: 'Key figures' });
  await expect(figures).toContainText('Users');
  await expect(figures).toContainText('Active in the last 7 days');
  const chart = page.getByRole('img', { name: 'Sign-ups per day by role, last 30 days' });
  await expect(chart).toBeVisible();
  await page.getByText('Show the figures as a table').click();
  const table = page.getByRole('table', { name: 'Sign-ups per day by role, last 30 days' });
  await expect(table.locator('tbody tr')).toHaveCount(30);
  const gigs = page.getByRole('region', { name: 'Gigs per service' });
  await expect(gigs.getByRole('listitem')).not.toHaveCount(0);
  await expect(gigs).toContainText('Tour Guide');
});

// Every admin page is read by axe in every-route.spec.ts (every route, as each role); here, the
// states it does not reach: a list's other tab, a table shown, a dialog, search results, menus.
test('admin dialogs, menus, tabs and search results are accessible (axe)', async ({
  page,
  baseURL,
}) => {
  // Six axe passes: about a minute with the other e2e workers running.
  test.setTimeout(150_000);
  const sofia = await apiLogin(page.request, 'sofia@wayfarer.test');
  await signIn(page, baseURL, ADMIN_EMAIL);
  await page.goto('/admin/messages?status=handled');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading /)).toHaveCount(0);
  await expectAccessible(page, 'handled messages');

  await page.goto('/admin');
  await page.getByText('Show the figures as a table').click();
  await expectAccessible(page, 'dashboard with its table');

  await page.goto(`/admin/users/${sofia.user.id}`);
  await page.getByRole('button', { name: 'Suspend user' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'suspend confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByLabel('Search users and services').fill('sofia');
  await expect(page.getByRole('list', { name: 'Users found' })).toBeVisible();
  await expectAccessible(page, 'header search results');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Account menu for Ada Okafor' }).click();
  await expectAccessible(page, 'user dropdown');

  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole('button', { name: 'Admin menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expectAccessible(page, 'admin menu drawer at 390px');
});
