import { createBrowserRouter, matchPath, type RouteObject } from 'react-router-dom';
import { ProgressBar } from '@/components/ui/progress-bar';
import { guard, sessionMiddleware } from './guards';
import { buildPath, paths, type PathName } from '@/config/paths';
import { adminDashboard } from './routes/admin-dashboard';
import { Root } from './root';
import { publicLayouts, publicRoutes } from './routes/public';
import { gigRoutes } from './routes/gig-routes';
import { notFound, redirectIndex, title, view } from './routes/lazy-view';
import { RouteError } from './route-error';

const auth = () => import('./routes/auth');
const profile = () => import('./routes/profile');
const areaLayout = () => import('./layouts/area-layout');
const inbox = () => import('./routes/inbox');

/**
 * An area's own address goes to its dashboard. Here, not with the area's other pages: `/customer`
 * matches the area route itself (not its `*`), so React Router would not patch them in for it.
 */
const areaIndex = (area: 'customer' | 'agent') => redirectIndex(buildPath(`${area}.dashboard`));

/**
 * The route table (spec section 2). Every layout and view is `lazy`, so each is its own chunk and
 * `/` downloads only what it shows. The root middleware is the global session check; guard
 * groups (pathless routes with middleware) run the per-page checks of section 6 before any
 * loader of the page they hold.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <ProgressBar isActive />,
    middleware: [sessionMiddleware],
    children: [
      {
        id: 'layout.default',
        lazy: () => import('./layouts/default-layout'),
        children: [
          {
            id: 'guard.guest',
            middleware: guard('guest'),
            children: [
              { id: 'login', path: paths.login, ...title('Log In'), lazy: view(auth, 'Login') },
              {
                id: 'register',
                path: paths.register,
                ...title('Register'),
                lazy: view(auth, 'Register'),
              },
            ],
          },
          {
            id: 'admin.login',
            path: paths['admin.login'],
            ...title('Admin Log In'),
            lazy: view(auth, 'AdminLogin'),
          },
          {
            id: 'password.request',
            path: paths['password.request'],
            ...title('Forgot Password'),
            lazy: view(auth, 'PasswordRequest'),
          },
          {
            id: 'password.reset',
            path: paths['password.reset'],
            ...title('Reset Password'),
            lazy: view(auth, 'PasswordReset'),
          },
          {
            id: 'email.verify',
            path: paths['email.verify'],
            ...title('Verify Account'),
            lazy: view(auth, 'EmailVerify'),
          },
          {
            id: 'guard.auth',
            middleware: guard('auth'),
            children: [
              {
                id: 'email.check',
                path: paths['email.check'],
                ...title('Check Your Email'),
                lazy: view(auth, 'EmailCheck'),
              },
              {
                id: 'email.resend',
                path: paths['email.resend'],
                ...title('Resend Verification'),
                lazy: view(auth, 'EmailResend'),
              },
            ],
          },
          {
            id: 'dev.mail',
            path: paths['dev.mail'],
            ...title('Developer Mail'),
            lazy: () => import('./routes/dev-mail'),
          },
          {
            id: 'developers.api',
            path: paths['developers.api'],
            ...title('API Reference'),
            lazy: () => import('./routes/developers'),
          },
          {
            id: 'user',
            path: paths.user,
            ...title('Profile'),
            lazy: async () => {
              const module = await profile();
              return {
                loader: module.publicProfileLoader,
                Component: module.PublicProfileLayout,
                // Inside the layout: offline, a profile never seen says so under the header.
                ErrorBoundary: module.ErrorBoundary,
              };
            },
            children: [
              redirectIndex((params) => buildPath('user.info', { tagname: params.tagname ?? '' })),
              { id: 'user.projects', path: 'projects', lazy: view(profile, 'PublicProjects') },
              { id: 'user.wishlists', path: 'wishlists', lazy: view(profile, 'PublicWishlists') },
              { id: 'user.info', path: 'info', lazy: view(profile, 'PublicInfo') },
              { id: 'user.reviews', path: 'reviews', lazy: view(profile, 'PublicReviews') },
            ],
          },
          {
            id: 'guard.member',
            middleware: guard('auth', 'verified'),
            // Its pages (routes/areas.ts memberChildren) are patched in on the first navigation
            // to one of MEMBER_PAGES (patchAreaRoutes); until then such a path is the catch-all's.
            children: [],
          },
          { id: '404', path: paths['404'], ...notFound },
          ...publicRoutes,
          ...gigRoutes,
          { id: 'catch-all', path: '*', ...notFound },
        ],
      },
      ...publicLayouts,
      {
        // The chat layout (spec: back button, title or logo, "How to Chat"), for members.
        id: 'layout.chat',
        middleware: guard('auth', 'verified', 'newcomer'),
        lazy: () => import('./layouts/chat-layout'),
        children: [
          {
            id: 'inbox.show',
            path: paths['inbox.show'],
            ...title('Messages'),
            lazy: view(inbox, 'Conversation'),
          },
          {
            id: 'user.message',
            path: paths['user.message'],
            ...title('Message'),
            lazy: view(inbox, 'MessageMember'),
          },
        ],
      },
      {
        // A member's inbox and notifications: inside their own area for a Customer or an Agent,
        // in the default layout for the other roles (layouts/member-layout.tsx). Its pages
        // (routes/areas.ts memberLayoutChildren) are patched in as the member guard's are.
        id: 'layout.member',
        middleware: guard('auth', 'verified', 'newcomer'),
        lazy: () => import('./layouts/member-layout'),
        children: [],
      },
      {
        id: 'customer',
        path: paths.customer,
        ...title('Customer'),
        middleware: guard('auth', 'verified', 'newcomer', 'area.customer'),
        lazy: view(areaLayout, 'CustomerLayout'),
        // The area's pages are patched in on the first navigation below it (patchAreaRoutes).
        children: [areaIndex('customer'), { path: '*', ...notFound }],
      },
      {
        id: 'agent',
        path: paths.agent,
        ...title('Agent'),
        middleware: guard('auth', 'verified', 'newcomer', 'area.agent'),
        lazy: view(areaLayout, 'AgentLayout'),
        children: [areaIndex('agent'), { path: '*', ...notFound }],
      },
      {
        id: 'admin',
        path: paths.admin,
        ...title('Admin'),
        middleware: guard('admin'),
        lazy: () => import('./layouts/admin-layout'),
        // The dashboard is here; the other admin pages' route objects (routes/admin.tsx) are
        // patched in on the first navigation below /admin (patchAdminRoutes): a guest's first
        // page does not carry them.
        children: [adminDashboard, { path: '*', ...notFound }],
      },
    ],
  },
];

/** The routes whose pages are patched in on the first navigation below them. */
const PATCHED: Record<'admin' | 'customer' | 'agent', () => Promise<RouteObject[]>> = {
  admin: async () => (await import('./routes/admin')).adminChildren,
  customer: async () => (await import('./routes/areas')).customerChildren,
  agent: async () => (await import('./routes/areas')).agentChildren,
};

/**
 * The pages of the member guard and of the member layout (`guard.member` and `layout.member`,
 * routes/areas.ts memberChildren and memberLayoutChildren), each with what is below it: the
 * router test checks the list against the route objects.
 */
export const MEMBER_PAGES: readonly PathName[] = [
  'newcomer',
  'profile',
  'settings',
  'inbox',
  'projectbox',
  'notifications',
  'gigs.order',
  'checkout',
  'orders.show',
  'jobs',
  'jobs.show',
  'party',
  'project.post',
  'project.show',
];

/**
 * React Router's `patchRoutesOnNavigation`: the first navigation under /admin, /customer or
 * /agent (each matches its route's `*` until then), or to a member page (the catch-all matches
 * it until then: the member guard's and the member layout's pages are added together), loads
 * those route objects and adds them where they belong, so the first
 * page's JavaScript does not grow with the member areas. React Router calls it only for paths it
 * has not matched statically yet, and `patch` skips the routes a router already has, so a later
 * call adds nothing twice.
 */
export const patchAreaRoutes: NonNullable<
  Parameters<typeof createBrowserRouter>[1]
>['patchRoutesOnNavigation'] = async ({ path, patch }) => {
  const pathname = path.replace(/[?#].*$/, '');
  for (const id of Object.keys(PATCHED) as (keyof typeof PATCHED)[]) {
    const base = paths[id];
    if (pathname === base || pathname.startsWith(`${base}/`)) {
      patch(id, await PATCHED[id]());
      return;
    }
  }
  if (MEMBER_PAGES.some((name) => matchPath({ path: paths[name], end: false }, pathname))) {
    const { memberChildren, memberLayoutChildren } = await import('./routes/areas');
    patch('guard.member', memberChildren);
    patch('layout.member', memberLayoutChildren);
  }
};

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchAreaRoutes });
}
