/// <reference lib="dom" />
// The web shell end to end (issue 4): the top navigation and its dropdowns for a guest, a member
// and a Lecturer, the mobile menu, the footer, the progress bar, scrolling and focus after a
// navigation, the 404 flows, and a chunk that fails to load (one reload, never a loop).
// Service workers are blocked here: these tests watch and cut the page's own requests.
import { expect, test, type Page } from '@playwright/test';
import { SEEDED_CATEGORIES, signInWithCookie } from '../support/members';

test.use({ serviceWorkers: 'block' });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('top navigation', () => {
  test('a guest sees the public menu, the Services dropdown and Login / Sign Up', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = mainNav(page);
    await expect(nav.getByRole('listitem')).toHaveText([
      'Home',
      'About Us',
      /^Services/,
      'Blogs',
      'Contact Us',
    ]);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /My Account/ })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Post Project' })).toHaveCount(0);

    // The Services dropdown is filled from /api/getServices.
    const services = nav.getByRole('button', { name: 'Services' });
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    const menu = nav.getByRole('list', { name: 'Service categories' });
    await expect(menu.getByRole('link')).toHaveText(SEEDED_CATEGORIES);
    // Escape closes it and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeFocused();

    // The menu closes on every route change.
    await services.click();
    await menu.getByRole('link', { name: 'Chef' }).click();
    await expect(page).toHaveURL(/\/services\/chef$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chef' })).toBeVisible();
    await expect(page).toHaveTitle('Chef · Wayfarer Market');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    for (const [label, path, title] of [
      ['About Us', '/about-us', 'About Us · Wayfarer Market'],
      ['Blogs', '/blogs', 'Blogs · Wayfarer Market'],
      ['Contact Us', '/contact-us', 'Contact Us · Wayfarer Market'],
      ['Home', '/', 'Wayfarer Market'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page).toHaveTitle(title);
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('a member has the My Account dropdown instead of Login and Sign Up', async ({
    page,
    baseURL,
  }) => {
    await signInWithCookie(page, baseURL, 'sofia@wayfarer.test');
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toHaveCount(0);
    await expect(mainNav(page).getByRole('link', { name: 'Post Project' })).toHaveCount(0);

    const account = page.getByRole('button', { name: /My Account/ });
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('@sofia_marin')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/customer/dashboard',
    );
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // Both dropdowns close each other's way: a click outside closes this one.
    await mainNav(page).getByRole('button', { name: 'Services' }).click();
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('link', { name: 'Tour Guide' }).first().click();
    await expect(page).toHaveURL(/\/services\/tour-guide$/);

    // Logout from the public header asks first, then lands on the index as a guest.
    await account.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to Logout' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  });

  test('a Lecturer also sees Post Project, Inbox and Project Box', async ({ page, baseURL }) => {
    await signInWithCookie(page, baseURL, 'helen@wayfarer.test');
    await page.goto('/blogs');
    await expect(mainNav(page).getByRole('listitem')).toHaveText([
      'Home',
      'About Us',
      /^Services/,
      'Blogs',
      'Contact Us',
      'Post Project',
      'Inbox',
      'Project Box',
    ]);
    await expect(page.getByRole('button', { name: /My Account/ })).toBeVisible();
  });

  test('on a phone the menu is a panel that closes on navigation and on Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = mainNav(page);
    await expect(nav).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();

    // The Services dropdown opens inside the panel.
    await nav.getByRole('button', { name: 'Services' }).click();
    await expect(nav.getByRole('link', { name: 'Wedding Planner' })).toBeVisible();
    await nav.getByRole('link', { name: 'Wedding Planner' }).click();
    await expect(page).toHaveURL(/\/services\/wedding-planner$/);
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test('on a phone a blog post has the back layout: a back arrow instead of the navbar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blogs');
  await page.getByRole('link', { name: 'Five details of a gig that sells' }).click();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Five details of a gig that sells')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await banner.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

  // Opened directly (nothing to go back to), the arrow leads to the blog.
  await page.goto('/blogs/five-details-of-a-gig-that-sells');
  await page.getByRole('banner').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/blogs$/);

  // From the md breakpoint the same page has the full navbar.
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/blogs/five-details-of-a-gig-that-sells');
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
});

test('the footer lists the eight categories, every content link and the copyright', async ({
  page,
}) => {
  test.setTimeout(90_000); // thirteen pages, each its own chunk: 30 s ran out at load ~17
  await page.goto('/contact-us');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('© 2025 Wayfarer Market. All rights reserved.')).toBeVisible();
  const footerNav = footer.getByRole('navigation', { name: 'Footer' });
  for (const [index, name] of SEEDED_CATEGORIES.entries()) {
    const link = footerNav.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute(
      'href',
      `/services/${['travel-agent', 'tour-guide', 'hotel-manager', 'chef', 'travel-consultant', 'photographer', 'wedding-planner', 'events-specialist'][index]}`,
    );
  }
  const content: [string, string, string][] = [
    ['About Us', '/about-us', 'About Us'],
    ['Careers', '/careers', 'Careers'],
    ['Press and News', '/press', 'Press and News'],
    ['Pricing Plan', '/pricing', 'Pricing Plan'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ['Terms of Service', '/terms', 'Terms of Service'],
    ['Blogs', '/blogs', 'Stories and guides from the road'],
    ['FAQ', '/faq', 'FAQ'],
    ['Contact', '/contact-us', 'We are here to help'],
    ['Help and Support', '/help', 'Help and Support'],
    ['Trust and Safety', '/trust-and-safety', 'Trust and Safety'],
    ['Selling Guide', '/selling-guide', 'Selling Guide'],
    ['Buying Guide', '/buying-guide', 'Buying Guide'],
  ];
  for (const [label, path, heading] of content) {
    // By keyboard (a link's Enter is its click): a page still settling below the heading (the
    // contact form) can move the footer between Playwright's stability check and a mouse click,
    // which then lands elsewhere (CI saw /contact-us stay put after clicking Help and Support).
    await footerNav.getByRole('link', { name: label, exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(heading));
  }
});

test('the progress bar shows while a page loads its data', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Hold the blog list for a moment, as a slow network would.
  await page.route('**/api/blogs?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await mainNav(page).getByRole('link', { name: 'Blogs' }).click();
  const bar = page.getByRole('progressbar', { name: 'Loading page' });
  await expect(bar).toBeVisible();
  const start = Number(await bar.getAttribute('aria-valuenow'));
  expect(start).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('heading', { level: 1, name: /Stories and guides/ })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test('after a navigation: focus on the new page, scroll to the top, back restores it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const before = await page.evaluate(() => window.scrollY);

  await page.getByRole('link', { name: 'Privacy Policy', exact: true }).first().click();
  await expect(page).toHaveURL(/\/privacy$/);
  // The new page starts at the top 300 ms later, with focus on its heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Back: the saved position of the FAQ comes back.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
});

test('a hash link scrolls its anchor to 60 px below the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/terms');
  const index = page.getByRole('navigation', { name: 'On this page' });
  const link = index.getByRole('link').nth(4);
  const id = (await link.getAttribute('href'))!.split('#')[1]!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/terms#${id}$`));
  await expect
    .poll(() =>
      page.evaluate(
        (target) => document.getElementById(target)?.getBoundingClientRect().top ?? -1000,
        id,
      ),
    )
    .toBeCloseTo(60, -1);
  await expect(page.locator(`[id="${id}"]`)).toBeFocused();

  // Opened directly, the anchor is honoured as well.
  await page.goto(`/faq#how-does-escrow-work`);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getElementById('how-does-escrow-work')?.getBoundingClientRect().top ?? -1000,
      ),
    )
    .toBeCloseTo(60, -1);
});

test.describe('404', () => {
  test('an unknown path shows the 404 page in the site layout', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found · Wayfarer Market');
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('a 404 from the API goes to the page path with /404', async ({ page }) => {
    await page.goto('/services/no-such-service');
    await expect(page).toHaveURL(/\/services\/no-such-service\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    await page.goto('/blogs/this-post-does-not-exist');
    await expect(page).toHaveURL(/\/blogs\/this-post-does-not-exist\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    // A blog page past the last one is not a page either.
    await page.goto('/blogs?page=99');
    await expect(page).toHaveURL(/\/blogs\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test.describe('a chunk that fails to load', () => {
  /** The route module of the blog (its name starts with `blog-`), fetched on the first visit. */
  const BLOG_CHUNK = /\/assets\/blog-[\w-]+\.js$/;

  test('reloads the page once, which then works', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The chunk is gone until the page reloads (the new index.html names the new files).
    let isReloaded = false;
    let failed = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest()) isReloaded = true;
    });
    await page.route(BLOG_CHUNK, async (route) => {
      if (isReloaded) return route.continue();
      failed += 1;
      return route.abort('failed');
    });
    let loads = 0;
    page.on('load', () => (loads += 1));

    await mainNav(page).getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Stories and guides/ })).toBeVisible();
    await expect(page).toHaveURL(/\/blogs$/);
    expect(failed).toBeGreaterThan(0);
    expect(loads).toBe(1);
    // Loaded fine after the reload: a later deploy may reload again.
    expect(await page.evaluate(() => sessionStorage.getItem('wayfarer:chunk-reload'))).toBeNull();
  });

  test('shows an error instead of reloading again when the reload did not help', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route(BLOG_CHUNK, (route) => route.abort('failed'));
    let loads = 0;
    page.on('load', () => (loads += 1));

    await mainNav(page).getByRole('link', { name: 'Blogs' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/blogs$/);
    // No loop: exactly one reload, then it stays.
    await page.waitForTimeout(1500);
    expect(loads).toBe(1);
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  });
});
