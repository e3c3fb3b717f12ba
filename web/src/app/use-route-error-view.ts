import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { isChunkLoadError, reloadOnChunkError } from '@/lib/chunk-reload';

export type RouteErrorView =
  { reloading: true } | { reloading: false; isNotFound: boolean; title: string; text: string };

/**
 * What an error boundary shows for the route's error: a chunk that failed to load reloads the
 * page once (spec section 8, `reloading`); otherwise a title and a sentence, never a stack.
 */
export function useRouteErrorView(): RouteErrorView {
  const error = useRouteError();
  const isChunkError = isChunkLoadError(error);
  const [isReloadRefused, setReloadRefused] = useState(false);

  useEffect(() => {
    if (isChunkError && !reloadOnChunkError(error)) setReloadRefused(true);
  }, [error, isChunkError]);

  if (isChunkError && !isReloadRefused) return { reloading: true };
  const isOffline =
    (error instanceof ApiError && error.isNetworkError) ||
    (isChunkError && typeof navigator !== 'undefined' && !navigator.onLine);
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  if (isOffline)
    return {
      reloading: false,
      isNotFound,
      title: 'This page is not available offline',
      text: 'It has not been saved on this device yet. Reconnect and try again; pages you have opened before still work.',
    };
  return isNotFound
    ? {
        reloading: false,
        isNotFound,
        title: 'Page not found',
        text: 'The page you are looking for does not exist or has moved.',
      }
    : {
        reloading: false,
        isNotFound,
        title: 'Something went wrong',
        text: 'Something went wrong. Please try again.',
      };
}

export const RELOADING_MESSAGE = 'Loading the latest version of Wayfarer Market…';
