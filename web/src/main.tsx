import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { AppProvider } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { scheduleServiceWorker } from '@/features/pwa/schedule';
import { onUnauthorized } from '@/lib/api-client';
import { clearChunkReloadFlag, reloadOnChunkError } from '@/lib/chunk-reload';
import { restoreToken } from '@/stores/auth';
import '@/styles/global.css';

// The session of an earlier visit (the `token` cookie); the first route's global check loads
// its user.
restoreToken();

const router = createAppRouter();

// Vite's preload helper failed to fetch a chunk's dependency (an old build after a deploy). The
// reload opens the page the visitor was going to, not the one they were leaving.
window.addEventListener('vite:preloadError', (event) => {
  const target = router.state.navigation.location;
  const reload = target
    ? () => window.location.assign(router.createHref(target))
    : () => window.location.reload();
  if (reloadOnChunkError(event.payload, { reload })) event.preventDefault();
});

// A page rendered without an error, so its chunks loaded: a later deploy may reload again. (Not
// when only an outer route rendered: a page whose chunk failed after the reload must not clear
// the flag, or the next failure would reload again, in a loop.)
const clearWhenRendered = (state: typeof router.state) => {
  if (state.initialized && state.navigation.state === 'idle' && !state.errors) {
    clearChunkReloadFlag();
  }
};
router.subscribe(clearWhenRendered);
clearWhenRendered(router.state);

// Spec section 4: a 401 while logged in (after one refresh attempt) ends the session (the client
// cleared the token) and goes to login, which brings the user back here afterwards.
onUnauthorized(() => {
  const { pathname, search } = router.state.location;
  void router.navigate(buildPath('login', undefined, { redirect: pathname + search }));
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

// The installable, offline app: registered after the page loaded (features/pwa).
scheduleServiceWorker();
