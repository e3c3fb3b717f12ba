import { expect, type Page } from '@playwright/test';

/**
 * `expect` for what crosses live replication (device → gateway → database → other device): on
 * CI's loaded 2-core runner one such hop has taken over the 10 s default, so it waits up to 30 s.
 */
export const syncExpect = expect.configure({ timeout: 30_000 });

/** Waits (up to 30 s) until the service worker controls the page (it claims clients at once). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * Whether this build has a service worker; when it has one, waits (up to 30 s) until it controls
 * the page, so a reload while offline is served by it. Its precache install takes longer on a
 * loaded machine than any fixed wait for `ready`: a test that went offline after a 10 s race
 * reloaded a page nothing served yet.
 */
export async function serviceWorkerControls(page: Page): Promise<boolean> {
  const registered = await page.evaluate(
    async () => 'serviceWorker' in navigator && !!(await navigator.serviceWorker.getRegistration()),
  );
  if (registered) await waitForServiceWorkerControl(page);
  return registered;
}
