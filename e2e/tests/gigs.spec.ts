// Gigs end to end (issue 8): an agent creates a gig with two packages and images, half of it
// offline (a reload while offline keeps the draft and the picked images), and publishes it back
// online; a guest finds it on /explore by a word of its description with a price filter, opens
// it, logs in as a customer, saves it to a wishlist and contacts the agent; the agent pauses it
// and it disappears from search. Then Manage Gig, the dashboard's figures and axe on the agent's
// gig pages.
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
} from '../support/members';
import { holdUploads } from '../support/files';
import { expectHintsClearOfLabels } from '../support/layout';
import { serviceWorkerControls } from '../support/sync';

const PASSWORD = 'gigs-e2e-pass-1';
/** A 1×1 PNG: the client and the server check images by their content. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A verified member with a tagname (the agent area needs one), ready to sign in. */
/** Signs a browser context in (its own session) and opens a page. */
const signIn = (context: BrowserContext, baseURL: string, email: string) =>
  signInWith(context, baseURL, email, PASSWORD);

const newMember = (request: APIRequestContext, role: 'Agent' | 'Customer', name: string) =>
  createMember(request, { name, role, password: PASSWORD, prefix: 'g' });

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  expect(await seriousAxeViolations(page, what, ['wcag2a', 'wcag2aa'])).toEqual([]);
}

const stepButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: new RegExp(name) });

/** Fills the overview and two packages (Basic 45, Standard 80). */
async function fillOverviewAndPackages(page: Page, title: string, word: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Service', { exact: true }).selectOption('tour-guide');
  await page
    .getByLabel('Description', { exact: true })
    .fill(
      `## The walk\n\nA **slow morning** through the old quarter, ${word} tastings included, with a licensed local guide.`,
    );
  await page.getByLabel('Destinations').fill('Lisbon, Sintra');
  await page.getByLabel('Languages').fill('English, Portuguese');
  await page.getByRole('button', { name: 'Next: Packages' }).click();
  await page.getByLabel('Basic: price (USD)').fill('45');
  await page.getByLabel('Basic: delivery (days)').fill('2');
  await page.getByLabel("Basic: what's included").fill('Guide\nPastry tasting');
  await page.getByLabel('Offer a Standard package').check();
  await page.getByLabel('Standard: price (USD)').fill('80');
  await page.getByLabel('Standard: delivery (days)').fill('3');
}

test('an agent creates a gig half offline; a customer finds, saves and asks about it; pausing hides it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const agent = await newMember(request, 'Agent', 'Ana Agent');
  const customer = await newMember(request, 'Customer', 'Carlos Customer');
  const word = `quokkatrail${unique()}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  const title = `Lisbon old quarter walk ${unique()}`;

  const agentContext = await browser.newContext();
  const page = await signIn(agentContext, baseURL!, agent.email);
  await page.goto('/agent/create-gig');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Gig' })).toBeVisible();
  // The service worker controls the page before going offline (it serves the shell then).
  const hasServiceWorker = await serviceWorkerControls(page);

  // Online: the overview, with a Markdown preview, and the packages.
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('**Bold** start');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('description-preview').locator('strong')).toHaveText('Bold');
  await page.getByRole('button', { name: 'Write' }).click();
  // Next checks the step with the server's rules, and says what is wrong where.
  await page.getByRole('button', { name: 'Next: Packages' }).click();
  await expect(page.getByText('Write at least 50 characters.')).toBeVisible();
  await fillOverviewAndPackages(page, title, word);
  await expect(page.getByText(/Draft saved/)).toBeVisible();

  // Offline: extras and images, then a reload while offline.
  await agentContext.setOffline(true);
  await expect(page.getByText('You are offline. Keep going')).toBeVisible();
  await page.getByRole('button', { name: 'Next: Extras' }).click();
  await page.getByRole('button', { name: 'Add an extra' }).click();
  await page.getByLabel('Extra 1: title').fill('Hotel pick-up');
  await page.getByLabel('Extra 1: price (USD)').fill('15');
  await page.getByRole('button', { name: 'Next: Images' }).click();
  await page.getByLabel('Add images').setInputFiles([
    { name: 'tram.png', mimeType: 'image/png', buffer: PNG_1X1 },
    { name: 'not-an-image.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 fake') },
    { name: 'viewpoint.png', mimeType: 'image/png', buffer: PNG_1X1 },
  ]);
  await expect(page.getByText('not-an-image.png is not a PNG, JPEG or WebP image.')).toBeVisible();
  await expect(page.getByText('2 of 6 images')).toBeVisible();
  await expect(page.getByRole('img', { name: /tram\.png/ })).toBeVisible();
  // Publishing needs the network: said clearly, nothing lost.
  await stepButton(page, 'Publish').click();
  await page.getByRole('button', { name: 'Publish gig' }).click();
  await expect(page.getByTestId('gig-form-alert')).toContainText('You are offline.');

  if (hasServiceWorker) {
    // Autosave writes once typing pauses (700 ms): a pause, as a person makes, before the reload.
    await page.waitForTimeout(1_500);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Gig' })).toBeVisible();
    const offer = page.getByTestId('draft-offer');
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await stepButton(page, 'Extras').click();
    await expect(page.getByLabel('Extra 1: title')).toHaveValue('Hotel pick-up');
    await stepButton(page, 'Images').click();
    await expect(page.getByText('2 of 6 images')).toBeVisible();
    await expect(page.getByRole('img', { name: /viewpoint\.png/ })).toBeVisible();
  } else {
    test.info().annotations.push({
      type: 'not checked',
      description: 'No service worker in this build: the reload while offline was skipped.',
    });
  }

  // Online again: publish (the images upload now, each with its progress bar).
  await agentContext.setOffline(false);
  await stepButton(page, 'Publish').click();
  const release = await holdUploads(page, '**/api/gigs/*/images');
  await page.getByRole('button', { name: 'Publish gig' }).click();
  await expect(
    page.getByRole('progressbar', { name: /^Uploading image 1 of 2: (tram|viewpoint)\.png$/ }),
  ).toBeVisible({ timeout: 20_000 });
  release();
  await expect(page).toHaveURL(/\/agent\/manage-gigs$/, { timeout: 20_000 });
  const row = page.locator('.manage-gig-row', { hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('From $45 · 2 packages');
  const gigId = await row.getAttribute('data-gig-id');
  const published = (await (await request.get(`/api/gigs/${gigId}`)).json()) as {
    gig: { images: string[]; extras: unknown[]; packages: unknown[] };
  };
  expect(published.gig.images).toHaveLength(2);
  expect(published.gig.packages).toHaveLength(2);
  expect(published.gig.extras).toHaveLength(1);

  // A guest finds it by a word of its description with a price filter, and opens it.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/explore');
  await guest.getByRole('searchbox', { name: 'Search gigs' }).fill(word);
  await guest.getByRole('searchbox', { name: 'Search gigs' }).press('Enter');
  await guest.getByLabel('From', { exact: true }).fill('40');
  await guest.getByLabel('To', { exact: true }).fill('50');
  await guest.getByRole('button', { name: 'Apply filters' }).click();
  await expect(guest).toHaveURL(/price_from=40&price_to=50/);
  await guest.getByRole('link', { name: title, exact: true }).first().click();
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Over the price range, it is not found.
  await guest.goto(`/explore?q=${word}&price_from=50`);
  await expect(guest.getByRole('heading', { name: 'No gigs match this search' })).toBeVisible();
  await expect(guest.getByRole('link', { name: title, exact: true })).toHaveCount(0);

  // The guest logs in as a customer, saves the gig to a wishlist and contacts the agent.
  await guest.goto('/login');
  await guest.getByLabel('Email').fill(customer.email);
  await guest.getByLabel('Password').fill(PASSWORD);
  await guest.getByRole('button', { name: /log in/i }).click();
  await expect(guest).not.toHaveURL(/\/login/);
  await guest.goto(`/gigs/${gigId}`);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await guest.getByRole('button', { name: `Save ${title} to a wishlist` }).click();
  const dialog = guest.getByRole('dialog', { name: 'Save to a wishlist' });
  await dialog.getByLabel('Name').fill('Lisbon ideas');
  await dialog.getByRole('button', { name: 'Create and save' }).click();
  await expect(dialog.getByRole('checkbox', { name: /Lisbon ideas/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await guest.getByRole('link', { name: 'Contact me' }).click();
  const composer = guest.getByRole('textbox', { name: 'Message' });
  await composer.fill(`Hello! Is the ${title} available on Saturday?`);
  await guest.getByRole('button', { name: 'Send' }).click();
  // In the conversation (the composer may still hold the text for a moment).
  await expect(
    guest.getByTestId('message').getByText(`Is the ${title} available on Saturday?`),
  ).toBeVisible();

  // The agent sees the message arrive in the inbox.
  const inbox = await agentContext.newPage();
  await inbox.goto('/inbox');
  await expect(inbox.getByRole('main').getByText(customer.name).first()).toBeVisible({
    timeout: 20_000,
  });
  await inbox.close();

  // The dashboard counts the guest's and the customer's views and the customer's save.
  await page.goto('/agent/dashboard');
  await expect(page.getByTestId('total-views')).toHaveText('2');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('total-saves')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    page.getByText('Orders and earnings appear here once you receive orders.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Views of your gigs per day/ })).toBeVisible();

  // The agent pauses it: it disappears from search, and from the gig page for others.
  await page.goto('/agent/manage-gigs');
  await row.getByRole('button', { name: /^Pause/ }).click();
  await expect(page.getByText(`“${title}” is paused`)).toBeVisible();
  await page.getByRole('tab', { name: /Paused/ }).click();
  await expect(page.locator('.manage-gig-row', { hasText: title })).toBeVisible();
  const search = await guestContext.newPage();
  await search.goto(`/explore?q=${word}`);
  await expect(search.getByRole('heading', { name: 'No gigs match this search' })).toBeVisible();
  await expect(search.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  const api = (await (await request.get(`/api/gigs?q=${word}`)).json()) as { data: unknown[] };
  expect(api.data).toHaveLength(0);

  await agentContext.close();
  await guestContext.close();
});

test('Manage Gig: a draft, the server refusing to publish it, errors at their fields, pause, resume, delete', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const agent = await newMember(request, 'Agent', 'Mina Manager');
  const context = await browser.newContext();
  const page = await signIn(context, baseURL!, agent.email);

  await page.goto('/agent/manage-gigs');
  await expect(page.getByRole('heading', { name: 'No gigs yet' })).toBeVisible();

  // A draft without packages: kept as a draft, then publishing from the list is refused with
  // the server's reason.
  const title = `Sintra palace day ${unique()}`;
  await page.goto('/agent/create-gig');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Service', { exact: true }).selectOption('tour-guide');
  await page
    .getByLabel('Description', { exact: true })
    .fill('A full day in Sintra: two palaces, the Moorish castle and a long lunch in the hills.');
  await page.getByRole('button', { name: 'Next: Packages' }).click();
  await page.getByLabel('Offer a Basic package').uncheck();
  await stepButton(page, 'Publish').click();
  await page.getByRole('button', { name: 'Publish gig' }).click();
  await expect(page.getByText('Add at least one package before publishing.')).toBeVisible();
  await stepButton(page, 'Publish').click();
  await page.getByRole('button', { name: 'Keep as draft' }).click();
  await expect(page).toHaveURL(/\/agent\/manage-gigs$/);
  await page.getByRole('tab', { name: 'Drafts (1)' }).click();
  const row = page.locator('.manage-gig-row', { hasText: title });
  await expect(row).toContainText('No packages yet');
  await expect(row).toContainText('0 views');
  await expect(row).toContainText('0 orders');
  await expect(row).toContainText('No ratings yet');
  await row.getByRole('button', { name: /^Publish/ }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Add at least one package before publishing.',
  );

  // Edit it: a price the server refuses shows at its field.
  await row.getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/agent\/gigs\/[^/]+\/edit$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await stepButton(page, 'Packages').click();
  await page.getByLabel('Offer a Premium package').check();
  await page.getByLabel('Premium: price (USD)').fill('2');
  await page.getByLabel('Premium: delivery (days)').fill('1');
  await stepButton(page, 'Publish').click();
  await page.getByRole('button', { name: 'Publish gig' }).click();
  const price = page.getByLabel('Premium: price (USD)');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The lowest price is 5.00.')).toBeVisible();
  await price.fill('150');
  await stepButton(page, 'Publish').click();
  await page.getByRole('button', { name: 'Publish gig' }).click();
  await expect(page).toHaveURL(/\/agent\/manage-gigs$/);
  await expect(page.getByRole('tab', { name: 'Active (1)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Pause and resume.
  const active = page.locator('.manage-gig-row', { hasText: title });
  await active.getByRole('button', { name: /^Pause/ }).click();
  await page.getByRole('tab', { name: 'Paused (1)' }).click();
  await page
    .locator('.manage-gig-row', { hasText: title })
    .getByRole('button', { name: /^Resume/ })
    .click();
  // The page's own status line (the snackbar of the publish above may still say the same).
  await expect(page.getByText(`“${title}” is published.`, { exact: true })).toBeVisible();

  await expectNoSeriousAxeViolations(page, 'manage gigs');

  // Delete, after confirming.
  await page.getByRole('tab', { name: 'Active (1)' }).click();
  await page
    .locator('.manage-gig-row', { hasText: title })
    .getByRole('button', { name: /^Delete/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this gig?' });
  await expect(confirm).toContainText(title);
  await confirm.getByRole('button', { name: 'Delete gig' }).click();
  await expect(page.getByText(`“${title}” was deleted.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No gigs yet' })).toBeVisible();
  await context.close();
});

test('the agent pages pass axe, and hints keep clear of the next label at 360 and 1280 px: create (each step), dashboard', async ({
  browser,
  request,
  baseURL,
}) => {
  // Two viewports a step on top of axe: up to a minute more on a loaded machine.
  test.setTimeout(180_000);
  const agent = await newMember(request, 'Agent', 'Axel Axe');
  const context = await browser.newContext();
  const page = await signIn(context, baseURL!, agent.email);
  await page.goto('/agent/create-gig');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Gig' })).toBeVisible();
  await expect(page.getByLabel('Service', { exact: true })).toContainText('Tour Guide');
  for (const step of ['Overview', 'Packages', 'Extras', 'Images', 'Publish']) {
    await stepButton(page, step).click();
    await expect(page.getByRole('heading', { level: 2, name: step })).toBeVisible();
    if (step === 'Extras') await page.getByRole('button', { name: 'Add an extra' }).click();
    await expectNoSeriousAxeViolations(page, `create a gig, ${step}`);
    await expectHintsClearOfLabels(page, '.gig-step', step, 0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/agent/dashboard');
  await expect(page.getByRole('heading', { name: 'Your gigs, last 30 days' })).toBeVisible();
  await expect(page.getByTestId('total-views')).toHaveText('0');
  await expect(
    page.getByText('Orders and earnings appear here once you receive orders.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'agent dashboard');
  await context.close();
});

test('Create a Gig says so when the service list cannot be loaded', async ({
  browser,
  request,
  baseURL,
}) => {
  const agent = await newMember(request, 'Agent', 'Sam Services');
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.route('**/api/getServices*', (route) => route.abort());
  const page = await signIn(context, baseURL!, agent.email);
  await page.goto('/agent/create-gig');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Gig' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toContainText(
    'The list of services could not be loaded',
  );
  await expect(page.getByLabel('Service', { exact: true })).toContainText(
    'The services could not be loaded',
  );
  await context.close();
});
