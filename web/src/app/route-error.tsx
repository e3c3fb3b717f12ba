import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { isChunkLoadError, reloadOnChunkError } from '@/lib/chunk-reload';

/** The root error boundary: a clear message, never a stack trace or a blank page. */
export function RouteError() {
  const error = useRouteError();
  const isChunkError = isChunkLoadError(error);
  const [isReloadRefused, setReloadRefused] = useState(false);

  useEffect(() => {
    if (isChunkError && !reloadOnChunkError(error)) setReloadRefused(true);
  }, [error, isChunkError]);

  if (isChunkError && !isReloadRefused) {
    return (
      <main className="app-error container" role="status">
        <p>Loading the latest version of Wayfarer Market…</p>
      </main>
    );
  }

  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="app-error container" role="alert">
      <h1>{isNotFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {isNotFound
          ? 'The page you are looking for does not exist or has moved.'
          : 'Something went wrong. Please try again.'}
      </p>
      <p className="app-error-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
