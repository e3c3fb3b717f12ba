import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from './paths';
import { Root } from './root';
import { RouteError } from './route-error';
import type { RouteHandle } from './use-document-title';

const notFound = {
  handle: { title: 'Page Not Found' } satisfies RouteHandle,
  lazy: () => import('./routes/not-found'),
};

/**
 * The route table (spec section 2). Every layout and view is `lazy`, so each is its own chunk and
 * `/` downloads only what it shows. Routes join this table as their pages are built.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <ProgressBar isActive />,
    children: [
      {
        id: 'layout.default',
        lazy: () => import('./layouts/default-layout'),
        children: [
          { id: 'index', index: true, lazy: () => import('./routes/home') },
          { id: '404', path: paths['404'], ...notFound },
          { id: 'catch-all', path: '*', ...notFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
