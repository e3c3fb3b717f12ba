// The public site's routes (issue 4): home, about us, contact us, services, blogs and the
// Markdown content pages, with the layout each one picks. Views are lazy: each route module is a
// chunk of its own, fetched when the route is first opened. Each page's error boundary (the page
// error inside the layout) comes with its module: a boundary declared here would leave a route
// whose module failed to load on a blank hydration fallback (react-router keeps the route lazy);
// without one, that failure reaches the root boundary, which reloads once.
import type { BlogPost, ServiceDetail } from '@wayfarer/api/schemas';
import type { RouteObject } from 'react-router-dom';
import type { ContentSlug } from '@/content';
import { paths, type StaticPathName } from '@/config/paths';
import type { RouteHandle } from '../use-document-title';

const blog = () => import('./blog');
const service = () => import('./service');

/** Route name → content page. The pages' Markdown links to routes by name (content/links.ts). */
const CONTENT_ROUTES: [StaticPathName, ContentSlug][] = [
  ['aboutus', 'about-us'],
  ['careers', 'careers'],
  ['press', 'press'],
  ['pricing', 'pricing'],
  ['privacy', 'privacy'],
  ['terms', 'terms'],
  ['faq', 'faq'],
  ['help', 'help'],
  ['trust-and-safety', 'trust-and-safety'],
  ['selling-guide', 'selling-guide'],
  ['buying-guide', 'buying-guide'],
];

/** Pages in the default layout (navbar and footer). */
export const publicRoutes: RouteObject[] = [
  ...CONTENT_ROUTES.map(([name, slug]): RouteObject => ({
    id: name,
    path: paths[name],
    lazy: async () => (await import('./content')).contentRoute(slug),
  })),
  {
    id: 'contactus',
    path: paths.contactus,
    handle: {
      title: 'Contact Us',
      description:
        'Write to the Wayfarer Market team about an order, a partnership or the press; we answer by email, usually within two working days.',
    } satisfies RouteHandle,
    lazy: () => import('./contact'),
  },
  {
    // Public: guests see the ranks too; a member also sees their own place.
    id: 'leaderboard',
    path: paths.leaderboard,
    handle: {
      title: 'Leaderboard',
      description:
        'The Wayfarer Market leaderboard: members ranked by the points they earned in each expertise from project reviews and completed orders.',
    } satisfies RouteHandle,
    lazy: () => import('./leaderboard'),
  },
  {
    id: 'blogs',
    path: paths.blogs,
    handle: {
      title: 'Blogs',
      description:
        'Stories and guides from Wayfarer Market: how travel professionals build their business and how customers plan trips and events that work.',
    } satisfies RouteHandle,
    lazy: async () => {
      const module = await blog();
      return {
        loader: module.blogListLoader,
        Component: module.BlogList,
        ErrorBoundary: module.ErrorBoundary,
      };
    },
  },
  {
    id: 'services.id',
    path: paths['services.id'],
    handle: {
      title: (data) => (data as ServiceDetail | undefined)?.name ?? 'Services',
      description: (data) => (data as ServiceDetail | undefined)?.description,
    } satisfies RouteHandle,
    lazy: async () => {
      const module = await service();
      return {
        loader: module.serviceLoader,
        Component: module.Component,
        ErrorBoundary: module.ErrorBoundary,
      };
    },
  },
];

/** The other layouts a public route can pick (spec section 2), each with its routes. */
export const publicLayouts: RouteObject[] = [
  {
    id: 'layout.wide',
    lazy: () => import('../layouts/wide-layout'),
    children: [{ id: 'index', index: true, lazy: () => import('./home') }],
  },
  {
    id: 'layout.back',
    lazy: () => import('../layouts/back-layout'),
    children: [
      {
        id: 'blogs.show',
        path: paths['blogs.show'],
        handle: {
          title: (data) => (data as BlogPost | undefined)?.title ?? 'Blog',
          description: (data) => (data as BlogPost | undefined)?.excerpt,
          backTo: paths.blogs,
        } satisfies RouteHandle,
        lazy: async () => {
          const module = await blog();
          return {
            loader: module.blogPostLoader,
            Component: module.BlogPostView,
            ErrorBoundary: module.ErrorBoundary,
          };
        },
      },
    ],
  },
];
