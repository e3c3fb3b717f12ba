import { useEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { navigationStore } from '@/stores/navigation';

const APP_NAME = 'Wayfarer Market';

/** A text fixed by the route, or read from what its loader returned (a post's title). */
type RouteText = string | ((data: unknown) => string | null | undefined);

/** What a route may declare in `handle`. */
export interface RouteHandle {
  title?: RouteText;
  /** The page's meta description; the app's default otherwise. */
  description?: RouteText;
  /**
   * `false`: navigating to this page keeps the scroll position (spec section 2's opt-out of the
   * scroll to the top).
   */
  scrollToTop?: boolean;
  /** Back layouts: where the back arrow leads when there is no earlier page in this tab. */
  backTo?: string;
}

type TitleMatch = Pick<UIMatch, 'handle' | 'params'> & { data?: unknown };

export function formatDocumentTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${APP_NAME}` : APP_NAME;
}

function read(text: RouteText | undefined, data: unknown): string | undefined {
  if (typeof text === 'function') return text(data) ?? undefined;
  return text;
}

/** The deepest route's value of a handle text (`title`, `description`). */
function deepest(matches: readonly TitleMatch[], key: 'title' | 'description') {
  for (const match of [...matches].reverse()) {
    const value = read((match.handle as RouteHandle | undefined)?.[key], match.data);
    if (value) return value;
  }
  return undefined;
}

/**
 * Spec section 2: the title comes from the deepest route that declares one, or from the
 * navigation store when the route has a tagname (the profile's owner is known only after loading).
 */
export function resolveTitle(
  matches: readonly TitleMatch[],
  navigationTitle: string,
): string | undefined {
  if (matches.at(-1)?.params.tagname && navigationTitle) return navigationTitle;
  return deepest(matches, 'title');
}

export function resolveDescription(matches: readonly TitleMatch[]): string | undefined {
  return deepest(matches, 'description');
}

/** The page title without the app name (back layouts show it in their header). */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  const { title: navigationTitle } = useSnapshot(navigationStore);
  return resolveTitle(matches, navigationTitle);
}

let defaultDescription: string | null = null;

export function useDocumentTitle(): void {
  const matches = useMatches();
  const { title: navigationTitle } = useSnapshot(navigationStore);
  const title = formatDocumentTitle(resolveTitle(matches, navigationTitle));
  const description = resolveDescription(matches);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    defaultDescription ??= meta.content;
    meta.content = description ?? defaultDescription;
  }, [description]);
}
