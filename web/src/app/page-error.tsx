import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { isChunkLoadError, reloadOnChunkError } from '@/lib/chunk-reload';
import { buildPath } from '@/config/paths';

/**
 * A page's error boundary, inside its layout (the header and footer stay): a chunk that failed
 * to load reloads the page once (spec section 8); anything else gets a clear message.
 */
export function PageError() {
  const error = useRouteError();
  const isChunkError = isChunkLoadError(error);
  const [isReloadRefused, setReloadRefused] = useState(false);

  useEffect(() => {
    if (isChunkError && !reloadOnChunkError(error)) setReloadRefused(true);
  }, [error, isChunkError]);

  if (isChunkError && !isReloadRefused) {
    return (
      <section className="page-error" role="status">
        <p>Loading the latest version of Wayfarer Market…</p>
      </section>
    );
  }

  const isOffline =
    (error instanceof ApiError && error.isNetworkError) ||
    (isChunkError && typeof navigator !== 'undefined' && !navigator.onLine);
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isOffline
    ? 'This page is not available offline'
    : isNotFound
      ? 'Page not found'
      : 'Something went wrong';
  const text = isOffline
    ? 'It has not been saved on this device yet. Reconnect and try again; pages you have opened before still work.'
    : isNotFound
      ? 'The page you are looking for does not exist or has moved.'
      : 'Something went wrong. Please try again.';

  return (
    <section className="page-error" aria-labelledby="page-error-title">
      <h1 id="page-error-title">{title}</h1>
      <p>{text}</p>
      <p className="app-error-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to={buildPath('index')}>Go to the home page</Link>
      </p>
    </section>
  );
}
