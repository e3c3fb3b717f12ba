/// <reference lib="dom" />
// The public site end to end (issue 4): every page with its title, the home page's search and
// categories, the contact form against the real API (field errors, the stored message, the
// confirmation mail), the blog from the API, the share widget, and axe on every public page.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, seriousAxeViolations } from '../support/members';

test.use({ serviceWorkers: 'block' });

/** Every public page: path, its h1, its document title. */
const PAGES: [string, RegExp, string][] = [
  ['/', /Find the travel professionals/, 'Wayfarer Market'],
  ['/about-us', /^About Us$/, 'About Us · Wayfarer Market'],
  ['/contact-us', /We are here to help/, 'Contact Us · Wayfarer Market'],
  ['/services/tour-guide', /^Tour Guide$/, 'Tour Guide · Wayfarer Market'],
  ['/blogs', /Stories and guides/, 'Blogs · Wayfarer Market'],
  [
    '/blogs/five-details-of-a-gig-that-sells',
    /^Five details of a gig that sells$/,
    'Five details of a gig that sells · Wayfarer Market',
  ],
  ['/careers', /^Careers$/, 'Careers · Wayfarer Market'],
  ['/press', /^Press and News$/, 'Press and News · Wayfarer Market'],
  ['/pricing', /^Pricing Plan$/, 'Pricing Plan · Wayfarer Market'],
  ['/privacy', /^Privacy Policy$/, 'Privacy Policy · Wayfarer Market'],
  ['/terms', /^Terms of Service$/, 'Terms of Service · Wayfarer Market'],
  ['/faq', /^FAQ$/, 'FAQ · Wayfarer Market'],
  ['/help', /^Help and Support$/, 'Help and Support · Wayfarer Market'],
  ['/trust-and-safety', /^Trust and Safety$/, 'Trust and Safety · Wayfarer Market'],
  ['/selling-guide', /^Selling Guide$/, 'Selling Guide · Wayfarer Market'],
  ['/buying-guide', /^Buying Guide$/, 'Buying Guide · Wayfarer Market'],
  ['/no/such/page', /^Page not found$/, 'Page Not Found · Wayfarer Market'],
];

interface Mail {
  to: string;
  subject: string;
  text: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

test('every public page renders its content and title, with no console errors', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  for (const [path, heading, title] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('main')).toBeVisible();
  }
  expect(errors, 'no console errors (CSP violations included)').toEqual([]);
});

test('content pages link inside the app without reloading, with meta descriptions', async ({
  page,
}) => {
  await page.goto('/faq');
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('main').getByRole('link', { name: 'Pricing', exact: true }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Plan' })).toBeVisible();
  // Same document: the router navigated, the page did not reload.
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /10% fee on completed orders/,
  );
});

test('the home page: search suggests categories, the categories lead to service pages', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'What do you need for your trip or event?' });
  await search.fill('plan');
  // Suggestions appear once typing pauses (300 ms).
  const results = page.locator('.hero-search-results');
  await expect(results.getByRole('link')).toHaveText(['Wedding Planner']);
  await search.fill('zzz');
  await expect(results).toContainText('No category matches “zzz”');
  await search.fill('tour guide');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/services\/tour-guide$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tour Guide' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'What you can hire a Tour Guide for' }),
  ).toBeVisible();

  await page.goto('/');
  const categories = page.getByRole('region', { name: 'Browse by category' });
  await categories.getByRole('link', { name: 'Events Specialist' }).click();
  await expect(page).toHaveURL(/\/services\/events-specialist$/);
  await expect(
    page.getByText('Retreats, incentive trips, conferences and festivals'),
  ).toBeVisible();
  // The page's calls to action: a guest posting a job logs in first.
  await page.getByRole('link', { name: 'Post a job for an Events Specialist' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcustomer%2Fpost-job$/);
});

test('the home page lists the newest blog posts from the API', async ({ page, request }) => {
  const { data } = (await (await request.get('/api/blogs?page=1&per_page=3')).json()) as {
    data: { title: string; slug: string }[];
  };
  await page.goto('/');
  // Below the fold, the posts load as the visitor scrolls towards them.
  await page.getByRole('region', { name: 'Why Wayfarer Market' }).scrollIntoViewIfNeeded();
  const latest = page.getByRole('region', { name: 'From the blog' });
  await expect(latest.getByRole('heading', { level: 3 })).toHaveText(data.map((p) => p.title));
  await latest.getByRole('link', { name: data[0]!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blogs/${data[0]!.slug}$`));
});

test('the blog: the list and a post served by the API, rendered from Markdown', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/blogs?page=1&per_page=9')).json()) as {
    data: { title: string; slug: string }[];
    meta: { total: number };
  };
  expect(list.meta.total).toBeGreaterThanOrEqual(4);
  await page.goto('/blogs');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(Math.min(9, list.meta.total));
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(list.data.map((p) => p.title));

  await page.getByRole('link', { name: 'Why we built Wayfarer Market to work offline' }).click();
  await expect(page).toHaveURL(/\/blogs\/why-we-built-wayfarer-offline-first$/);
  const post = page.getByRole('article');
  await expect(post.getByRole('heading', { level: 1 })).toHaveText(
    'Why we built Wayfarer Market to work offline',
  );
  await expect(
    post.getByRole('heading', { level: 2, name: 'What "offline-first" means here' }),
  ).toBeVisible();
  await expect(
    post.locator('strong', { hasText: 'Messages written offline are never lost.' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Why we built Wayfarer Market to work offline · Wayfarer Market');
  // A link inside the post navigates within the app.
  await post.getByRole('link', { name: 'tell us' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test('the share widget offers the spec networks and opens a 626×436 popup', async ({ page }) => {
  // No third-party site is reached in tests.
  await page
    .context()
    .route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>shared</title>' }),
    );
  await page.goto('/blogs/five-details-of-a-gig-that-sells');
  await page.getByRole('button', { name: 'Share' }).click();
  const links = page.locator('.share-list a');
  await expect(links).toHaveText([
    'Email',
    'Facebook',
    'LinkedIn',
    'Pinterest',
    'Reddit',
    'Skype',
    'Telegram',
    'X (Twitter)',
    'Viber',
    'VK',
    'Weibo',
    'WhatsApp',
    'SMS',
    'LINE',
    'Odnoklassniki',
  ]);
  await expect(page.getByRole('link', { name: 'Email' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=Five%20details%20of%20a%20gig%20that%20sells&body=http/,
  );
  // Playwright gives every page the context's viewport, so the requested size is read from the
  // window.open call itself.
  await page.evaluate(() => {
    const open = window.open.bind(window);
    const calls: (string | undefined)[] = [];
    (window as unknown as { openFeatures: typeof calls }).openFeatures = calls;
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push(features);
      return open(url, target, features);
    };
  });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Reddit' }).click(),
  ]);
  await popup.waitForURL(/reddit\.com\/submit\?url=http/);
  const features = await page.evaluate(
    () => (window as unknown as { openFeatures: string[] }).openFeatures,
  );
  expect(features[0]).toMatch(/^width=626,height=436,left=\d+,top=\d+/);
  // The shared page cannot reach back into ours.
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();
  // The panel closed when the network was chosen.
  await expect(links.first()).toBeHidden();
});

test('the contact form: field errors from the server, then a stored message and a mail', async ({
  page,
  request,
}) => {
  const id = unique();
  const email = `contact-${id}@example.test`;
  const subject = `Planning a retreat ${id}`;
  await page.goto('/contact-us');
  const send = page.getByRole('button', { name: 'Send message' });
  await send.click();
  // The API's 422 errors, each by its field; typing clears that field's error.
  await expect(page.getByRole('alert')).toContainText('There were some problems with your input.');
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Write at least 10 characters.')).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(4);
  await page.getByLabel('Your name').fill('Rosa Retreats');
  await expect(page.getByText('Enter your name.')).toHaveCount(0);

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Message', { exact: true })
    .fill('We are twelve people looking for a three-day retreat near Porto in May.');
  await expect(page.getByText(/^71 of 5,000 characters/)).toBeVisible();
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
  // Ready for another message: name and email stay, the rest is cleared.
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Your name')).toHaveValue('Rosa Retreats');

  // The sender got a confirmation mail.
  await expect
    .poll(async () => {
      const { data } = (await (await request.get('/api/dev/mail')).json()) as { data: Mail[] };
      return data.some((m) => m.to === email && m.text.includes(subject));
    })
    .toBe(true);

  // The admins see it.
  const login = await request.post('/api/admin/login', {
    data: { email: 'admin@wayfarer.test', password: DEMO_PASSWORD, remember: false },
  });
  const { token } = (await login.json()) as { token: string };
  const stored = await request.get('/api/admin/contact-messages?status=open&per_page=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { data } = (await stored.json()) as { data: { email: string; subject: string }[] };
  expect(data).toContainEqual(expect.objectContaining({ email, subject }));
});

test('the contact form fills in a member’s name and email', async ({ page, baseURL }) => {
  const response = await page.request.post('/api/login', {
    data: { email: 'mei@wayfarer.test', password: DEMO_PASSWORD, remember: false },
  });
  const { token } = (await response.json()) as { token: string };
  await page.context().addCookies([{ name: 'token', value: token, url: new URL(baseURL!).origin }]);
  await page.goto('/contact-us');
  await expect(page.getByLabel('Your name')).toHaveValue('Mei Lin');
  await expect(page.getByLabel('Email address')).toHaveValue('mei@wayfarer.test');
});

test.describe('axe finds no serious or critical problem', () => {
  for (const [path] of PAGES) {
    test(`on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousAxeViolations(page, path)).toEqual([]);
    });
  }

  test('with the menus open and a form showing errors', async ({ page }) => {
    test.setTimeout(60_000);
    const found: string[] = [];
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Services' })
      .click();
    await expect(
      page.getByRole('list', { name: 'Service categories' }).getByRole('link').first(),
    ).toBeVisible();
    found.push(...(await seriousAxeViolations(page, 'services menu open')));
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    found.push(...(await seriousAxeViolations(page, 'contact form with errors')));
    await page.goto('/blogs/five-details-of-a-gig-that-sells');
    await page.getByRole('button', { name: 'Share' }).click();
    found.push(...(await seriousAxeViolations(page, 'share menu open')));
    expect(found).toEqual([]);
  });

  test('on a phone, with the menu open', async ({ page }) => {
    test.setTimeout(60_000);
    const found: string[] = [];
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', '/services/chef', '/blogs/five-details-of-a-gig-that-sells']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      found.push(...(await seriousAxeViolations(page, `${path} at 390 px`)));
    }
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    found.push(...(await seriousAxeViolations(page, 'mobile menu open')));
    expect(found).toEqual([]);
  });
});

test('everything is reachable by keyboard: skip link, menus, search', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // Into the Services menu with the keyboard alone.
  const services = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Services' });
  await services.focus();
  await page.keyboard.press('Enter');
  await expect(services).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('list', { name: 'Service categories' }).getByRole('link').first(),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/services\/travel-agent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Travel Agent' })).toBeFocused();
});
