import { firstPaint } from '@/lib/after-paint';

/**
 * Registers the service worker once the page has loaded, painted its first content and the main
 * thread is idle, so neither workbox-window nor the precache downloads compete with the first
 * paint (the load event alone came before it: the pages render after their lazy route modules
 * arrive, and the registration script was fetched among the first paint's files). Production
 * builds only (the dev server has no service worker).
 */
export function scheduleServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    const run = () =>
      void import('./register-service-worker')
        .then((module) => module.registerServiceWorker())
        .catch((error: unknown) => console.warn('The service worker was not registered.', error));
    void firstPaint().then(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
      else setTimeout(run, 1000);
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
