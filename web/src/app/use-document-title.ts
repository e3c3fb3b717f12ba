import { useEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { navigationStore } from '@/stores/navigation';

export const APP_NAME = 'Wayfarer Market';

/** What a route may declare in `handle`. */
export interface RouteHandle {
  title?: string;
}

export function formatDocumentTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${APP_NAME}` : APP_NAME;
}

/**
 * Spec section 2: the title comes from the deepest route that declares one, or from the
 * navigation store when the route has a tagname (the profile's owner is known only after loading).
 */
export function resolveTitle(
  matches: readonly Pick<UIMatch, 'handle' | 'params'>[],
  navigationTitle: string,
): string | undefined {
  if (matches.at(-1)?.params.tagname && navigationTitle) return navigationTitle;
  for (const match of [...matches].reverse()) {
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

export function useDocumentTitle(): void {
  const matches = useMatches();
  const { title: navigationTitle } = useSnapshot(navigationStore);
  const title = formatDocumentTitle(resolveTitle(matches, navigationTitle));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
