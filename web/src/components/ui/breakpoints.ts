// Spec section 9's breakpoints, min-width. CSS uses the same numbers as literals (global.css).
import { useCallback, useSyncExternalStore } from 'react';

export const BREAKPOINTS = {
  xs: 360,
  sm: 410,
  md: 768,
  lg: 992,
  xl: 1280,
  xxl: 1366,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** `(min-width: 768px)` for `md`. */
export function mediaUp(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
}

/** Whether `query` matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
