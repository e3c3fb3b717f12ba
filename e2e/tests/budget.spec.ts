import { expect, test } from '@playwright/test';

/** The initial JavaScript budget for `/` (compressed, as sent): a guest on a mid-range phone. */
const JS_BUDGET_BYTES = 130 * 1024;

test('the home page stays within its JavaScript budget and loads no account screens', async ({
  page,
}) => {
  const sizes = new Map<string, Promise<number>>();
  const scripts: Promise<string>[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/assets/')) return;
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
    for (const [path, size] of sizes) if (path.endsWith(ext)) sum += await size;
    return sum;
  };
  const js = await total('.js');
  const css = await total('.css');
  test.info().annotations.push({
    type: 'bundle',
    description: `/ loads ${(js / 1024).toFixed(1)} KB JS and ${(css / 1024).toFixed(1)} KB CSS (compressed)`,
  });
  expect(js).toBeGreaterThan(0);
  expect(js).toBeLessThan(JS_BUDGET_BYTES);
  // Forms, account pages and zod are chunks of their own, fetched when a page needs them.
  expect(
    files.filter((f) => /\/(auth|account|form|profile|area-layout)-[\w-]{8}\.(js|css)$/.test(f)),
  ).toEqual([]);
  // zod (the shared schemas' validation code) never reaches `/`: its internals live under `_zod`.
  for (const script of await Promise.all(scripts)) expect(script).not.toContain('_zod');
});
