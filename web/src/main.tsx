import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { buildPath } from '@/app/paths';
import { AppProvider } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { onUnauthorized } from '@/lib/api-client';
import { reloadOnChunkError } from '@/lib/chunk-reload';
import { restoreToken } from '@/stores/auth';
import { resetPage } from '@/stores/page';
import '@/styles/global.css';

// Vite's preload helper failed to fetch a chunk's dependency (an old build after a deploy).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnChunkError(event.payload)) event.preventDefault();
});

// The session of an earlier visit (the `token` cookie); the first route's global check loads
// its user.
restoreToken();

const router = createAppRouter();

// Spec section 4: a 401 while logged in (after one refresh attempt) ends the session (the client
// cleared the token) and goes to login, which brings the user back here afterwards.
onUnauthorized(() => {
  resetPage();
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
