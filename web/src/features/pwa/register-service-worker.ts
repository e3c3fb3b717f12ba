// Loaded after the page has loaded (see `scheduleServiceWorker`): workbox-window registers the
// service worker vite-plugin-pwa generated (dist/sw.js: the precached app shell, index.html for
// navigations, never /api). A new version waits until the user accepts the update prompt; then
// it takes over and the page reloads into it.
import { Workbox } from 'workbox-window';
import { setUpdateReady } from './stores/pwa';

const HOUR_MS = 60 * 60 * 1000;
/** A tab coming back into view checks for a new version at most this often. */
const VISIBLE_CHECK_MS = 10 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  const wb = new Workbox('/sw.js', { scope: '/' });
  let isReloading = false;

  const offerUpdate = () =>
    setUpdateReady(() => {
      // Reload once the waiting worker controls this page, so every file comes from one build.
      wb.addEventListener('controlling', () => {
        if (isReloading) return;
        isReloading = true;
        window.location.reload();
      });
      wb.messageSkipWaiting();
    });

  // Also fires at registration when a version was already waiting (a tab opened before).
  wb.addEventListener('waiting', offerUpdate);

  const registration = await wb.register();
  if (!registration) return;

  let lastCheck = Date.now();
  const check = () => {
    lastCheck = Date.now();
    void wb.update().catch(() => undefined);
  };
  setInterval(check, HOUR_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > VISIBLE_CHECK_MS) {
      check();
    }
  });
}
