// Helpers of the route tables (router.tsx and the areas patched in later, routes/areas.ts).
import type { ComponentType } from 'react';
import { redirect, type Params, type RouteObject } from 'react-router-dom';
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
 * An index route that only redirects to `to` (a path, or one made from the route's params, such
 * as a project's first tab). It still needs something to match while the redirect runs, hence
 * the empty component.
 */
export const redirectIndex = (to: string | ((params: Params) => string)): RouteObject => ({
  index: true,
  loader: ({ params }) => redirect(typeof to === 'string' ? to : to(params)),
  Component: () => null,
});
