// The gig routes of the default layout: /explore and /gigs/:id (issue 8). Lazy: each is a chunk
// of its own (explore.tsx, gigs.tsx).
import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { RouteHandle } from '../use-document-title';

const explore = () => import('./explore');
const gigs = () => import('./gigs');

export const gigRoutes: RouteObject[] = [
  {
    id: 'explore',
    path: paths.explore,
    handle: {
      title: 'Explore',
      description:
        'Search gigs from travel agents, tour guides, chefs, photographers and event specialists by destination, price, delivery time, language and rating.',
    } satisfies RouteHandle,
    lazy: async () => {
      const module = await explore();
      return { Component: module.Explore, ErrorBoundary: module.ErrorBoundary };
    },
  },
  {
    id: 'gigs.show',
    path: paths['gigs.show'],
    // Granular: the loader's small chunk starts the gig's request without waiting for the page's
    // code; the title and description come with the page (they read Markdown as text, which `/`
    // need not carry).
    lazy: {
      loader: async () => (await import('./gig-loader')).gigLoader,
      handle: async () => (await gigs()).gigHandle,
      Component: async () => (await gigs()).GigShow,
      ErrorBoundary: async () => (await gigs()).ErrorBoundary,
    },
  },
];
