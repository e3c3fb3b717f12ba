/**
 * Registers the service worker once the page has loaded and the main thread is idle, so neither
 * workbox-window nor the precache downloads compete with the first paint. Production builds only
 * (the dev server has no service worker).
 */
export function scheduleServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    const run = () =>
      void import('./register-service-worker')
        .then((module) => module.registerServiceWorker())
        .catch((error: unknown) => console.warn('The service worker was not registered.', error));
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
