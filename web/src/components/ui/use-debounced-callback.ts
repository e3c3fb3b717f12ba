import { useCallback, useEffect, useRef } from 'react';

/** Spec section 9: search inputs wait 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface DebouncedCallback<A extends unknown[]> {
  (...args: A): void;
  /** Runs a pending call now (Enter in a search box). */
  flush: () => void;
  cancel: () => void;
}

/**
 * `callback` called `delayMs` after the last call, with that call's arguments. Stable across
 * renders; always calls the latest `callback`; a pending call is dropped on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
): DebouncedCallback<A> {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<A | null>(null);

  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const args = pending.current;
    pending.current = null;
    if (args) latest.current(...args);
  }, []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
  }, []);

  const debounced = useCallback(
    (...args: A) => {
      pending.current = args;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  return Object.assign(debounced, { flush, cancel });
}
