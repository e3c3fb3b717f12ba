// Helpers of the route tables (router.tsx and the areas patched in later, routes/areas.ts).
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router-dom';
import type { RouteHandle } from '../use-document-title';

/** A route's document title. */
export const title = (text: string) => ({ handle: { title: text } satisfies RouteHandle });

/** A lazy route whose component is the named export `name` of a route module. */
export function view<M>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** The 404 page, for an unknown path inside a layout. */
export const notFound = {
  ...title('Page Not Found'),
  lazy: () => import('./not-found'),
};

/**
 * An index route that only redirects to `path`. It still needs something to match while the
 * redirect runs, hence the empty component.
 */
export const redirectIndex = (path: string): RouteObject => ({
  index: true,
  loader: () => redirect(path),
  Component: () => null,
});
