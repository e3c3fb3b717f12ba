// The budgets of `/` (issue 4): at most 130 KB of JavaScript and 30 KB of CSS, gzipped, for a
// guest's first load. Checked twice: from the build output (web/dist and Vite's manifest of which
// chunks each entry and route needs), and in Chromium (what the page actually fetched).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** The initial JavaScript budget for `/` (compressed, as sent): a guest on a mid-range phone. */
const JS_BUDGET_BYTES = 130 * 1024;
const CSS_BUDGET_BYTES = 30 * 1024;

const dist = path.resolve(import.meta.dirname, '../../web/dist');

/** A message only PouchDB's own code carries (pouchdb-errors' REV_CONFLICT). */
const POUCHDB_MARKER = 'Document update conflict';

/**
 * Registering the service worker (workbox-window) waits for the load event and an idle moment:
 * it is not part of what `/` needs to render and respond, so it is not initial JavaScript.
 */
const AFTER_LOAD = /\/assets\/register-service-worker-[\w-]+\.js$/;

/**
 * What `/` needs before it can render: the entry (index.html) and the lazy modules of the routes
 * `/` matches (the wide layout and the home route, see web/src/app/routes/public.tsx), each with
 * the chunks they import statically.
 */
const HOME_ROUTE_MODULES = ['src/app/layouts/wide-layout.tsx', 'src/app/routes/home.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/** The files `keys` (manifest entries) load, with everything they import statically. */
function closure(keys: string[]): { js: string[]; css: string[] } {
  const manifest = readManifest();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (was it renamed?)`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js: [...js], css: [...css] };
}

const initialFiles = () => closure(['index.html', ...HOME_ROUTE_MODULES]);

/** Screens a guest's `/` must not fetch: accounts, the areas, the Markdown pages, the blog. */
const OTHER_SCREENS = [
  'src/app/routes/auth.tsx',
  'src/app/routes/account.tsx',
  'src/app/routes/profile.tsx',
  'src/app/layouts/area-layout.tsx',
  'src/app/routes/content.tsx',
  'src/app/routes/blog.tsx',
];

const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('the build output keeps `/` within 130 KB of JavaScript and 30 KB of CSS, gzipped', () => {
  const { js, css } = initialFiles();
  const jsBytes = js.reduce((sum, file) => sum + gzipped(file), 0);
  const cssBytes = css.reduce((sum, file) => sum + gzipped(file), 0);
  test.info().annotations.push({
    type: 'bundle',
    description: `build output: / needs ${js.length} scripts, ${kb(jsBytes)} JS and ${kb(cssBytes)} CSS gzipped`,
  });
  expect(jsBytes, `JS for /: ${js.join(', ')}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  expect(cssBytes, `CSS for /: ${css.join(', ')}`).toBeLessThanOrEqual(CSS_BUDGET_BYTES);
  // PouchDB loads only for a member, after first paint.
  for (const file of js) {
    expect(readFileSync(path.join(dist, file), 'utf8'), file).not.toContain(POUCHDB_MARKER);
  }
});

test.describe('in Chromium', () => {
  // The page's own requests only (a service worker would fetch the precache on top).
  test.use({ serviceWorkers: 'block' });

  test('the home page stays within its budgets and loads no account screens', async ({ page }) => {
    const sizes = new Map<string, Promise<number>>();
    const scripts: Promise<string>[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/assets/') || AFTER_LOAD.test(url.pathname)) return;
      sizes.set(
        url.pathname,
        request.sizes().then((s) => s.responseBodySize),
      );
      if (url.pathname.endsWith('.js')) {
        scripts.push(request.response().then((response) => response?.text() ?? ''));
      }
    });
    await page.goto('/');
    await expect(page.getByTestId('health-status')).toHaveAttribute('data-state', 'ok');
    await page.waitForLoadState('networkidle');

    const files = [...sizes.keys()];
    const total = async (ext: string) => {
      let sum = 0;
      for (const [file, size] of sizes) if (file.endsWith(ext)) sum += await size;
      return sum;
    };
    const js = await total('.js');
    const css = await total('.css');
    test.info().annotations.push({
      type: 'bundle',
      description: `/ loads ${kb(js)} JS and ${kb(css)} CSS (compressed)`,
    });
    expect(js).toBeGreaterThan(0);
    expect(js).toBeLessThan(JS_BUDGET_BYTES);
    expect(css).toBeLessThan(CSS_BUDGET_BYTES);
    // Forms, account pages, Markdown and the blog are chunks of their own, fetched when a page
    // needs them.
    const home = new Set([...initialFiles().js, ...initialFiles().css]);
    const others = closure(OTHER_SCREENS);
    const notForHome = new Set(
      [...others.js, ...others.css].filter((file) => !home.has(file)).map((file) => `/${file}`),
    );
    expect(notForHome.size).toBeGreaterThan(0);
    expect(files.filter((file) => notForHome.has(file))).toEqual([]);
    for (const script of await Promise.all(scripts)) {
      // zod (the shared schemas' validation code) never reaches `/`: its internals live under
      // `_zod`. Nor does PouchDB.
      expect(script).not.toContain('_zod');
      expect(script).not.toContain(POUCHDB_MARKER);
    }
  });

  // Issue 20: a landing page downloads its layout and page with the entry (the API writes that
  // page's preloads into the shell, api/src/web/route-preloads.ts). Each tag must still name a
  // file the page fetches: a route moved to another module would otherwise preload dead weight
  // and wait on its real chunks one round trip later.
  test('each landing page preloads only chunks it uses, no chunk of the home page, and a browsing page no validation library', async ({
    page,
    request,
  }) => {
    const gigs = (await (await request.get('/api/gigs?per_page=1')).json()) as {
      data: { id: string }[];
    };
    const routes = JSON.parse(
      readFileSync(path.join(dist, 'route-preloads.json'), 'utf8'),
    ) as Record<string, string[]>;
    const hrefs = (tags: string[]) => tags.map((tag) => /href="([^"]+)"/.exec(tag)![1]!);
    // What only the home page preloads (its layout and page).
    const elsewhere = new Set(
      Object.entries(routes).flatMap(([route, tags]) => (route === '/' ? [] : hrefs(tags))),
    );
    const homeOnly = hrefs(routes['/']!).filter((href) => !elsewhere.has(href));
    expect(homeOnly.length).toBeGreaterThan(0);
    // The validation library (zod: internals under `_zod`) is for forms; browsing pages skip it.
    const zodFiles = readdirSync(path.join(dist, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .filter((file) => readFileSync(path.join(dist, 'assets', file), 'utf8').includes('_zod'))
      .map((file) => `/assets/${file}`);
    expect(zodFiles.length).toBeGreaterThan(0);
    const browsing = new Set(['/explore', '/gigs/:id', '/services/:id']);
    const pages: [string, string][] = [
      ['/explore', '/explore'],
      ['/login', '/login'],
      ['/services/:id', '/services/tour-guide'],
    ];
    if (gigs.data[0]) pages.push(['/gigs/:id', `/gigs/${gigs.data[0].id}`]);
    expect(Object.keys(routes).sort()).toEqual(
      ['/', '/register', ...pages.map(([route]) => route)].sort(),
    );
    for (const [route, pathname] of pages) {
      const preloaded = hrefs(routes[route]!).filter((href) => href.startsWith('/assets/'));
      const fetched = new Set<string>();
      const listener = (req: { url: () => string }) => fetched.add(new URL(req.url()).pathname);
      page.on('request', listener);
      await page.goto(pathname);
      await page.waitForLoadState('networkidle');
      page.off('request', listener);
      expect(preloaded.length, route).toBeGreaterThan(0);
      expect(
        preloaded.filter((href) => !fetched.has(href)),
        `${route}: preloaded but not used`,
      ).toEqual([]);
      expect(
        homeOnly.filter((href) => fetched.has(href)),
        `${route}: the home page's chunks`,
      ).toEqual([]);
      if (browsing.has(route)) {
        expect(
          zodFiles.filter((file) => fetched.has(file)),
          `${route}: the validation library`,
        ).toEqual([]);
      }
      if (route === '/gigs/:id') {
        // The picture the shell preloads is the one the gallery shows first (a different URL
        // would be downloaded twice).
        const preloadedImage = await page
          .locator('link[rel="preload"][as="image"]')
          .getAttribute('href');
        await expect(page.getByTestId('gig-gallery-image')).toHaveAttribute('src', preloadedImage!);
      }
    }
  });

  // Issue 20: the gig page and Explore paint from the answers their shell carries
  // (api/src/web/landing-pages.ts): no API request stands between their code and their first
  // paint. The gig's own request still goes out after the load event (it counts the view).
  test('the gig page and Explore paint from their shell’s answers; the gig is asked for after load', async ({
    page,
    request,
  }) => {
    const gigs = (await (await request.get('/api/gigs?per_page=1')).json()) as {
      data: { id: string; title: string; image: string | null }[];
    };
    const gig = gigs.data[0]!;
    const asked: { path: string; afterLoad: boolean }[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/gigs'))
        asked.push({ path: url.pathname + url.search, afterLoad: loaded });
    });
    await page.goto('/explore');
    await expect(page.getByRole('link', { name: gig.title }).first()).toBeVisible();
    // The first card's picture is the one the shell preloads (no second download).
    const preloaded = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
    expect(preloaded).toBe(gig.image);
    await expect(page.locator(`main img[src="${gig.image}"]`).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((a) => a.path.startsWith('/api/gigs?'))).toEqual([]);

    loaded = false;
    asked.length = 0;
    await page.goto(`/gigs/${gig.id}`);
    await expect(page.getByRole('heading', { level: 1, name: gig.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((a) => a.path === `/api/gigs/${gig.id}`)).toEqual([
      { path: `/api/gigs/${gig.id}`, afterLoad: true },
    ]);
  });
});
