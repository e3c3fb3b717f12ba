// The admin area's index page, in the first bundle with the admin route itself: `/admin` matches
// that route fully, so React Router patches the other pages in (routes/admin.tsx) only on the
// first navigation below it.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '../use-document-title';

/** A lazy page: the named export `name` of a module, with its document title. */
export function page<M>(title: string, load: () => Promise<M>, name: keyof M & string) {
  return {
    handle: { title } satisfies RouteHandle,
    lazy: async () => ({ Component: (await load())[name] as ComponentType }),
  };
}

export const adminDashboard: RouteObject = {
  id: 'admin.dashboard',
  index: true,
  ...page('Dashboard', () => import('@/features/admin/components/dashboard-page'), 'DashboardPage'),
};
