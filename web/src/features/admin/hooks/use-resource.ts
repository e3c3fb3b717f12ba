import { useCallback, useEffect, useRef, useState } from 'react';
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

const asApiError = (error: unknown) =>
  error instanceof ApiError
    ? error
    : new ApiError(0, GENERIC_ERROR_MESSAGE, {}, undefined, { cause: error });

/**
 * Data from the admin API for a screen: loads when `key` changes (a new page or filter), keeps
 * the previous data on screen while the next arrives, and drops answers that came too late.
 */
export function useResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): UseResourceResult<T> {
  const [resource, setResource] = useState<Resource<T>>({ status: 'loading', data: undefined });
  const [version, setVersion] = useState(0);
  // The latest loader, read when a load starts (callers pass inline functions).
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setResource((previous) => ({ status: 'loading', data: previous.data }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResource({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResource((previous) => ({
          status: 'error',
          data: previous.data,
          error: asApiError(error),
        }));
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
  return { resource, reload, setData };
}
