/// <reference lib="dom" />
// Explore, search and the gig page (issue 8) on the seeded demo gigs: a guest searches by a word
// with a price filter, the URL holds the search and Back restores it, opens a gig and sees its
// packages and agent; home and service pages show real featured gigs; a member's "Continue"
// opens the order form, whose "Ask …" opens a conversation about the package; a search longer
// than a page counts a lower bound and pages on; a gig opened once opens offline; axe finds no
// serious problem on /explore and a gig page.
import { expect, test } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/sync';
import {
  DEMO_PASSWORD,
  createMember,
  seriousAxeViolations,
  signInWithCookie,
} from '../support/members';

/** The one demo gig that says "desert" and has a package up to $1,000. */
const DESERT_TRIP = 'Morocco multi-city trip: riads, trains and a desert night';

test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a guest searches with a price filter, Back restores the search, and opens a gig', async ({
    page,
  }) => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore gigs' })).toBeVisible();
    await expect(page).toHaveTitle('Explore · Wayfarer Market');
    const results = page.getByTestId('gig-card');
    await expect(results.first()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search gigs' }).fill('desert');
    await expect(page).toHaveURL(/\/explore\?q=desert$/);
    await expect(page.getByRole('heading', { level: 2, name: /gigs for “desert”/ })).toBeVisible();
    const withoutPrice = await results.count();
    expect(withoutPrice).toBeGreaterThan(1);

    await page.getByLabel('To', { exact: true }).fill('1000');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/explore\?q=desert&price_to=1000$/);
    await expect(page.getByRole('heading', { level: 2, name: '1 gig for “desert”' })).toBeVisible();
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText(DESERT_TRIP);
    await expect(results.first()).toContainText('From $120');

    await page.getByLabel('Sort by', { exact: true }).selectOption('price_asc');
    await expect(page).toHaveURL(/\/explore\?q=desert&price_to=1000&sort=price_asc$/);

    // Back restores each earlier search, form fields included.
    await page.goBack();
    await expect(page).toHaveURL(/\/explore\?q=desert&price_to=1000$/);
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('relevance');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('1000');
    await page.goBack();
    await expect(page).toHaveURL(/\/explore\?q=desert$/);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('');
    await expect(results).toHaveCount(withoutPrice);
    await expect(page.getByRole('searchbox', { name: 'Search gigs' })).toHaveValue('desert');
    await page.goBack();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('searchbox', { name: 'Search gigs' })).toHaveValue('');

    // A shared link opens the same search.
    await page.goto('/explore?q=desert&price_to=1000');
    await expect(results).toHaveCount(1);
    await results.first().getByRole('link', { name: DESERT_TRIP, exact: true }).click();

    await expect(page).toHaveURL(/\/gigs\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: DESERT_TRIP })).toBeVisible();
    await expect(page).toHaveTitle(`${DESERT_TRIP} · Wayfarer Market`);
    const packages = page.getByTestId('gig-package');
    await expect(packages).toHaveCount(2);
    await expect(packages.first()).toContainText('Basic');
    await expect(packages.first()).toContainText('$120');
    await expect(packages.first()).toContainText('3 days delivery');
    await expect(packages.nth(1)).toContainText('Standard');
    // A guest's Order leads to login, and back to the gig.
    await expect(packages.first().getByRole('link', { name: /^Order/ })).toHaveAttribute(
      'href',
      /^\/login\?redirect=%2Fgigs%2F/,
    );
    const agent = page.locator('.gig-agent');
    await expect(agent).toContainText('Omar Haddad');
    await expect(agent).toContainText('@omar_events');
    await expect(agent).toContainText('Events Specialist');
    await expect(agent).toContainText('Arabic, French, English');
    await expect(agent.getByRole('link', { name: 'Contact me' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Related gigs' })).toBeVisible();
    await expect(page.locator('.gig-related').getByTestId('gig-card').first()).toBeVisible();
    await expect(page.getByTestId('gig-gallery-image')).toHaveAttribute('alt', /picture 1 of 1/);
  });

  test('the gallery steps through pictures with the keyboard', async ({ page }) => {
    await page.goto('/explore?q=kaiseki');
    await page.getByTestId('gig-card').first().locator('.gig-card-link').click();
    await expect(page).toHaveURL(/\/gigs\/[\w-]+$/);
    const image = page.getByTestId('gig-gallery-image');
    await expect(image).toHaveAttribute('alt', /picture 1 of 2/);
    await page.getByRole('button', { name: 'Show picture 1 of 2' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(image).toHaveAttribute('alt', /picture 2 of 2/);
    await expect(page.getByRole('button', { name: 'Show picture 2 of 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Next picture' }).click();
    await expect(image).toHaveAttribute('alt', /picture 1 of 2/);
  });

  test('an unknown gig goes to the 404 page', async ({ page }) => {
    await page.goto('/gigs/no-such-gig');
    await expect(page).toHaveURL(/\/gigs\/no-such-gig\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  });

  test('the home page and a service page show real featured gigs', async ({ page, request }) => {
    await page.goto('/');
    // Below the fold: loaded once the visitor scrolls to it.
    const featured = page.getByRole('region', { name: 'Featured gigs' });
    await expect(async () => {
      await page.mouse.wheel(0, 300);
      await expect(featured).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(featured.getByTestId('gig-card').first()).toBeVisible();
    await featured.getByRole('button', { name: 'Chef' }).click();
    await expect(featured.getByRole('button', { name: 'Chef' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const chef = (await (await request.get('/api/gigs?service=chef&per_page=50')).json()) as {
      data: { title: string }[];
    };
    const chefTitles = chef.data.map((g) => g.title);
    await expect(featured.getByTestId('gig-card').first()).toBeVisible();
    for (const title of await featured.locator('.gig-card-title').allTextContents())
      expect(chefTitles).toContain(title);

    // The hero's search box leads to explore.
    await page.goto('/');
    await page.getByRole('searchbox', { name: /What do you need/ }).fill('vineyards');
    await page.getByRole('searchbox', { name: /What do you need/ }).press('Enter');
    await expect(page).toHaveURL(/\/explore\?q=vineyards$/);
    await expect(page.getByTestId('gig-card').first()).toContainText('Douro');

    await page.goto('/services/photographer');
    // Below the category's offers, loaded as it comes into view.
    await page.getByRole('heading', { name: /What you can hire/ }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 1200);
    const section = page.getByRole('region', { name: 'Featured Photographer gigs' });
    await expect(section.getByTestId('gig-card').first()).toBeVisible();
    await section.getByRole('link', { name: 'Explore all Photographer gigs' }).click();
    await expect(page).toHaveURL(/\/explore\?service=photographer$/);
    await expect(page.getByLabel('Service', { exact: true })).toHaveValue('photographer');
    await expect(page.getByTestId('gig-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^\d+\+? gigs?$/ })).toBeVisible();
  });

  test('a member’s Continue opens the order form, which asks the agent about that package', async ({
    page,
    baseURL,
    request,
  }) => {
    await signInWithCookie(page, baseURL, 'sofia@wayfarer.test');
    await page.goto('/explore?q=gor%C3%A9e');
    await page.getByTestId('gig-card').first().locator('.gig-card-link').click();
    await expect(page).toHaveURL(/\/gigs\/[\w-]+$/);
    // The gig page has rendered (until then the heading is still the explore page's).
    await expect(page.getByTestId('gig-package').first()).toBeVisible();
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    const basic = page.getByTestId('gig-package').first();
    await expect(basic).toContainText('Half-day walk');
    await basic.getByRole('link', { name: /^Continue \(\$45\)/ }).click();
    await expect(page).toHaveURL(/\/gigs\/[\w-]+\/order\?package=basic$/);
    await expect(page.getByLabel(/^Basic: Half-day walk/)).toBeChecked();
    await page.getByRole('link', { name: /^Ask .+ about the Basic package$/ }).click();
    await expect(page).toHaveURL(/\/inbox\/[^?]+\?.*about=gig/);
    await expect(page.locator('.chat-subject')).toHaveText(`Gig: ${title} (Half-day walk)`);

    const text = `Is the half-day walk possible next Tuesday? ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    // Delivered through sync and the server's job: the agent's inbox has it, with its subject.
    const login = await request.post('/api/login', {
      data: { email: 'amara@wayfarer.test', password: DEMO_PASSWORD },
    });
    const { token } = (await login.json()) as { token: string };
    await expect
      .poll(
        async () => {
          const inbox = (await (
            await request.get('/api/inbox', { headers: { Authorization: `Bearer ${token}` } })
          ).json()) as {
            data: { subject: { title: string } | null; last_message: { body: string } | null }[];
          };
          return inbox.data.find((c) => c.last_message?.body === text)?.subject?.title ?? null;
        },
        { timeout: 20_000 },
      )
      .toBe(`${title} (Half-day walk)`);
  });

  test('a search with more gigs than a page counts at least them ("42+"), and the next pages go on', async ({
    page,
    request,
  }) => {
    // 45 gigs that share a word no other gig has: a range longer than the first read (42 rows).
    const agent = await createMember(request, {
      name: 'Rui Pages',
      password: 'a long agent password',
      prefix: 'pages',
      role: 'Agent',
    });
    const word = `zq${Date.now().toString(36)}`;
    const headers = { authorization: `Bearer ${agent.token}` };
    const ids: string[] = [];
    for (let i = 1; i <= 45; i++) {
      const created = await request.post('/api/gigs', {
        headers,
        data: {
          title: `Harbour walk number ${i} ${word}`,
          service_id: 'tour-guide',
          description: `A short harbour walk, one of many, tagged ${word} for this test.`,
          languages: ['English'],
          destinations: ['Porto'],
          packages: [
            {
              tier: 'basic',
              name: 'Walk',
              price: { amount: 2000 + i * 100, currency: 'USD' },
              delivery_days: 1,
              revisions: 0,
            },
          ],
          status: 'active',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      ids.push(((await created.json()) as { gig: { id: string } }).gig.id);
    }
    try {
      const results = page.getByTestId('gig-card');
      const pages = page.getByRole('navigation', { name: 'Result pages' });
      await page.goto(`/explore?q=${word}`);
      // The first page stops reading once it is full: its count is a lower bound ("42+").
      const heading = page.getByRole('heading', { level: 2, name: /gigs for “/ });
      await expect(heading).toHaveText(new RegExp(`^\\d+\\+ gigs for “${word}”$`));
      const atLeast = Number((await heading.textContent())!.split('+')[0]);
      expect(atLeast).toBeGreaterThan(20);
      expect(atLeast).toBeLessThan(45);
      await expect(results).toHaveCount(20);
      const first = await results.allTextContents();

      // The cards above the links are laid out only as they come near (content-visibility), so
      // the links move just after they are scrolled to: a click aimed at once landed where a link
      // had been (once in CI). As a person does, click once they stand still.
      const clickSettled = async (name: string) => {
        const link = pages.getByRole('link', { name });
        await link.scrollIntoViewIfNeeded();
        await expect
          .poll(async () => {
            const before = await link.boundingBox();
            await new Promise((resolve) => setTimeout(resolve, 150));
            return before?.y === (await link.boundingBox())?.y;
          })
          .toBe(true);
        await link.click();
      };
      await clickSettled('Page 2');
      await expect(page).toHaveURL(new RegExp(`/explore\\?q=${word}&page=2$`));
      await expect(results).toHaveCount(20);
      // Reading as far as page 2 needs reaches the end of the range: now the count is exact.
      await expect(heading).toHaveText(`45 gigs for “${word}”`);
      const second = await results.allTextContents();
      expect(second.filter((text) => first.includes(text))).toEqual([]);

      await clickSettled('Page 3');
      await expect(
        page.getByRole('heading', { level: 2, name: `45 gigs for “${word}”` }),
      ).toBeVisible();
      await expect(results).toHaveCount(5);
      await expect(pages.getByRole('link', { name: 'Page 4' })).toHaveCount(0);

      // Sorted by price: the cheapest of all the matches first; the search reads only as far as
      // the page needs, so the count is exact or a lower bound above the page.
      await page.getByLabel('Sort by', { exact: true }).selectOption('price_asc');
      await expect(results.first()).toContainText('From $21');
      await expect(heading).toHaveText(
        new RegExp(`^(45|(2\\d|3\\d|4[0-4])\\+) gigs for “${word}”$`),
      );
      await expect(results).toHaveCount(20);
    } finally {
      for (const id of ids) await request.delete(`/api/gigs/${id}`, { headers });
    }
  });

  test('axe finds no serious or critical problem on /explore and a gig page', async ({ page }) => {
    await page.goto('/explore?q=desert');
    await expect(page.getByTestId('gig-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('gig-card').first().locator('.gig-card-link').click();
    await expect(page).toHaveURL(/\/gigs\/[\w-]+$/);
    await expect(page.getByTestId('gig-package').first()).toBeVisible();
    await expect(page.locator('.gig-related').getByTestId('gig-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('a gig opened once opens offline after a reload', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await page.goto('/explore?q=kaiseki');
  await page.getByTestId('gig-card').first().locator('.gig-card-link').click();
  await expect(page).toHaveURL(/\/gigs\/[\w-]+$/);
  const heading = page.getByRole('heading', { level: 1 });
  // The gig page has rendered (until then the heading is still the explore page's).
  await expect(page.getByTestId('gig-package').first()).toBeVisible();
  const title = await heading.textContent();
  const image = page.getByTestId('gig-gallery-image');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
    await expect(page.getByTestId('gig-package').first()).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // A search needs the network, and says so.
    await page.goto('/explore?q=anything');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('logout deletes the gigs this device kept for offline', async ({ page, baseURL }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await signInWithCookie(page, baseURL, 'sofia@wayfarer.test');
  await page.goto('/explore?q=kaiseki');
  await page.getByTestId('gig-card').first().locator('.gig-card-link').click();
  await expect(page.getByTestId('gig-package').first()).toBeVisible();
  const kept = () =>
    page.evaluate(async () => {
      if (!(await caches.has('wayfarer-gigs'))) return 0;
      return (await (await caches.open('wayfarer-gigs')).keys()).length;
    });
  await expect.poll(kept).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect.poll(kept).toBe(0);
});

test('a gig saved to a wishlist opens offline, though it was never opened', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  // Up to 30 s for the service worker, then a member, a wishlist and an offline page: it took
  // 37 s on a loaded machine.
  test.setTimeout(90_000);
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const member = await createMember(request, {
    name: 'Wanda Wishlist',
    password: DEMO_PASSWORD,
    prefix: 'wish',
  });
  await signInWithCookie(page, baseURL, member.email);
  await page.goto('/explore?q=kaiseki');
  const card = page.getByTestId('gig-card').first();
  const href = (await card.locator('.gig-card-link').getAttribute('href'))!;
  const gigId = href.split('/').pop()!;
  await card.getByRole('button', { name: /^Save .* to a wishlist$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to a wishlist' });
  await dialog.getByLabel('Name').fill('Dinners');
  await dialog.getByRole('button', { name: 'Create and save' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The wishlist page fetches the saved gigs in the background, into the service worker's cache.
  await page.goto('/profile/wishlists');
  await expect(page.getByRole('heading', { name: /Dinners/ })).toBeVisible();
  // A background fetch: it waited more than the default 10 s once, late in a loaded clean run.
  await expect
    .poll(
      () =>
        page.evaluate(async (id) => {
          const cache = await caches.open('wayfarer-gigs');
          return (await cache.keys()).some((r) => new URL(r.url).pathname === `/api/gigs/${id}`);
        }, gigId),
      { timeout: 30_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  try {
    await page.goto(href);
    await expect(page.getByTestId('gig-package').first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test.describe('on a throttled phone', () => {
  // Lighthouse's mobile preset: a 412 px phone, slow 4G and a 4x slower CPU (issue 20).
  test.use({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });

  test('/explore does not shift while it loads (cumulative layout shift below 0.1)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      const describe = (node: Node | null | undefined) => {
        if (!node) return '?';
        if (!(node instanceof Element)) return `#text(${node.textContent?.slice(0, 30)})`;
        return `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
      };
      new PerformanceObserver((observed) => {
        for (const entry of observed.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: {
            node?: Node;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            sources: entry.sources.map(
              (s) =>
                `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.goto('/explore', { timeout: 60_000 });
    await expect(page.getByTestId('gig-card').first()).toBeVisible({ timeout: 60_000 });
    // Pictures and late parts of the header come after the first cards.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(1_000);

    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.1);
  });
});
