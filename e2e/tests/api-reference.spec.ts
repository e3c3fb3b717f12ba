// The API reference for developers (/developers/api): Swagger UI renders the OpenAPI document
// the API generates from its routes, under the app's CSP, and its viewer is a chunk that only
// this page loads (not `/`, not the service worker's precache).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from '../support/members';

const dist = path.resolve(import.meta.dirname, '../../web/dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const manifest = () =>
  JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

/** The viewer's chunk and stylesheet, by the module that imports swagger-ui-dist. */
function viewerFiles(): string[] {
  const chunk = manifest()['src/features/developers/utils/swagger-ui.ts'];
  if (!chunk) throw new Error('the API reference viewer is not in the build manifest');
  return [chunk.file, ...(chunk.css ?? [])];
}

test('the API reference shows the endpoints the server documents, with no CSP violation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });

  await page.goto('/developers/api');
  await expect(page).toHaveTitle('API Reference · Wayfarer Market');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  // Rendered by Swagger UI from /api/openapi.json: the document's title and a known operation.
  // Swagger UI takes its time with a document this size: measured at load ~4, its 1.5 MB bundle
  // evaluates in ~2.4 s and it resolves and renders the ~100 operations in ~5.5 s more (8-10 s in
  // all), so on CI's loaded runner the default 10 s is not enough (it failed there twice).
  const viewer = page.locator('.api-reference-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 45_000 });
  await expect(viewer.getByRole('heading', { name: /Wayfarer Market API/ })).toBeVisible();
  // The document lists more than 150 tags and operations, so Swagger UI renders only those near
  // the viewport: the last section appears once scrolled to.
  await page.mouse.wheel(0, 100_000);
  await expect(viewer.locator('.opblock-tag', { hasText: 'Development' })).toBeVisible();
  // The filter box narrows the list to the tags that match.
  await viewer.getByPlaceholder('Filter by tag').fill('gigs');
  const search = viewer.locator('.opblock-get', { hasText: 'Search active gigs' }).first();
  await expect(search).toContainText('/api/gigs', { timeout: 45_000 });
  await expect(viewer.locator('.opblock-tag', { hasText: 'Sign-in' })).toHaveCount(0);
  // Opening it shows the query parameters its zod schema declares.
  await search.locator('.opblock-summary').click();
  await expect(search.locator('.parameters')).toContainText('per_page');
  // "Try it out": every control it adds has a name (Swagger UI leaves some without one), for a
  // query (parameter boxes, the response's content type) and for a body (its editor and type).
  await search.getByRole('button', { name: 'Try it out' }).click();
  await expect(search.getByRole('textbox', { name: 'per_page (query)' })).toBeVisible();
  const create = viewer.locator('.opblock-post', { hasText: 'Create a gig' }).first();
  await create.locator('.opblock-summary').click();
  await create.getByRole('button', { name: 'Try it out' }).click();
  await expect(create.getByRole('textbox', { name: 'Request body' })).toBeVisible();
  expect(
    await seriousAxeViolations(page, 'try it out', ['wcag2a', 'wcag2aa'], {
      include: '.api-reference-viewer',
    }),
  ).toEqual([]);
  expect(errors, 'no console errors (CSP violations included)').toEqual([]);
});

test.describe('the viewer', () => {
  // The page's own requests only (the service worker precaches every view's small route chunk).
  test.use({ serviceWorkers: 'block' });

  test('is not part of what `/` loads, nor of the precache', async ({ page }) => {
    const viewer = viewerFiles();
    // Not reachable from the entry by static imports (what `/` needs before it renders).
    const all = manifest();
    const initial = new Set<string>();
    const visit = (key: string) => {
      const chunk = all[key];
      if (!chunk || initial.has(chunk.file)) return;
      initial.add(chunk.file);
      for (const file of chunk.css ?? []) initial.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('index.html');
    expect([...initial].filter((file) => viewer.includes(file))).toEqual([]);
    // The service worker does not download it for every visitor.
    const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    for (const file of viewer) expect(sw, file).not.toContain(file);

    // And in Chromium: `/` fetches neither the reference page nor its viewer.
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(page.getByTestId('health-status')).toHaveAttribute('data-state', 'ok');
    await page.waitForLoadState('networkidle');
    const referencePage = manifest()['src/app/routes/developers.tsx']!.file;
    const notForHome = [referencePage, ...viewer].map((file) => `/${file}`);
    expect(fetched.filter((pathname) => notForHome.includes(pathname))).toEqual([]);
  });
});
