import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';

export type Resource<T> =
  | { status: 'loading'; data: T | undefined }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: T | undefined; error: ApiError };

export interface UseResourceResult<T> {
  resource: Resource<T>;
  /** Loads again (after an action changed what the server has). */
  reload: () => void;
  /** Replaces the data with what an action returned, without a round trip. */
  setData: (update: (data: T) => T) => void;
}

/** The load failed because the server could not be reached (no network, or a gateway error). */
export const isUnreachable = (resource: Resource<unknown>): boolean =>
  resource.status === 'error' &&
  (resource.error.isNetworkError || [502, 503, 504].includes(resource.error.status));

const asApiError = (error: unknown) =>
  error instanceof ApiError
    ? error
    : new ApiError(0, GENERIC_ERROR_MESSAGE, {}, undefined, { cause: error });

/**
 * The one way a screen loads data from the API (router loaders aside, for what a route needs
 * before it renders): loads when `key` changes (a new page, filter or member), keeps the previous
 * data at hand while the next arrives (`data`; a caller showing one thing per key looks at
 * `status` only), drops answers that came too late, and aborts the request it no longer needs.
 * A `null` key loads nothing (nothing to look up yet): the status stays `loading`.
 *
 * Our own hook rather than TanStack Query: the app's offline data lives in PouchDB (the local
 * database, read by id prefix and change feed), so what is left here is a handful of online
 * reads that need no shared cache, retries or persistence, and 60 lines are cheaper than a
 * dependency in every page's bundle.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): UseResourceResult<T> {
  // Each answer remembers its key, so a render with a new key never shows the old key's answer
  // as ready (the effect that starts the new load runs after that render).
  const [state, setResource] = useState<Resource<T> & { key?: string | null }>({
    status: 'loading',
    data: undefined,
  });
  const [version, setVersion] = useState(0);
  // The latest loader, read when a load starts (callers pass inline functions).
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    setResource((previous) =>
      previous.status === 'loading' ? previous : { status: 'loading', data: previous.data },
    );
    if (key === null) return;
    const controller = new AbortController();
    // Answers render in a transition: React renders what they change in slices and yields to
    // the browser between them, instead of one long task (a page's late answers showed as
    // Lighthouse's blocking time, issue 20). Nothing waits on them synchronously.
    loadRef.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        startTransition(() => setResource({ status: 'ready', data, key }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        startTransition(() =>
          setResource((previous) => ({
            status: 'error',
            data: previous.data,
            error: asApiError(error),
            key,
          })),
        );
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setData = useCallback((update: (data: T) => T) => {
    setResource((previous) =>
      previous.data === undefined ? previous : { ...previous, data: update(previous.data) },
    );
  }, []);
  const resource: Resource<T> =
    state.status === 'loading' || state.key === key
      ? state
      : { status: 'loading', data: state.data };
  return { resource, reload, setData };
}
