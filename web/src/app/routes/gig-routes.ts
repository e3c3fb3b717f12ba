// The gig routes of the default layout: /explore and /gigs/:id (issue 8). Lazy: the gigs
// feature is a chunk of its own.
import type { Gig } from '@wayfarer/api/schemas';
import type { RouteObject } from 'react-router-dom';
import { plainText } from '@wayfarer/api/schemas/text';
import { paths } from '@/config/paths';
import type { RouteHandle } from '../use-document-title';

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
      const module = await gigs();
      return { Component: module.Explore, ErrorBoundary: module.ErrorBoundary };
    },
  },
  {
    id: 'gigs.show',
    path: paths['gigs.show'],
    // The document title and meta description (crawlers get the server's share tags instead).
    handle: {
      title: (data) => (data as Gig | undefined)?.title ?? 'Gig',
      description: (data) => {
        const gig = data as Gig | undefined;
        return gig ? plainText(gig.description) : undefined;
      },
    } satisfies RouteHandle,
    lazy: async () => {
      const module = await gigs();
      return {
        loader: module.gigLoader,
        Component: module.GigShow,
        ErrorBoundary: module.ErrorBoundary,
      };
    },
  },
];
