import type { Gig } from '@wayfarer/api/schemas';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { ProgressBar } from '@/components/ui/progress-bar';
import { guard, sessionMiddleware } from './guards';
import { buildPath, paths } from '@/config/paths';
import { adminDashboard } from './routes/admin-dashboard';
import { Root } from './root';
import { publicLayouts, publicRoutes } from './routes/public';
import { gigRoutes } from './routes/gig-routes';
import { RouteError } from './route-error';
import type { RouteHandle } from './use-document-title';

const title = (text: string) => ({ handle: { title: text } satisfies RouteHandle });

/** A lazy route whose component is the named export `name` of a route module. */
function view<M>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const auth = () => import('./routes/auth');
const account = () => import('./routes/account');
const withdrawals = () => import('./routes/withdrawals');
const profile = () => import('./routes/profile');
const areaLayout = () => import('./layouts/area-layout');
const inbox = () => import('./routes/inbox');
const userdata = () => import('./routes/userdata');
const agentGigs = () => import('./routes/agent-gigs');
const orders = () => import('./routes/orders');
const jobs = () => import('./routes/jobs');

const notFound = {
  ...title('Page Not Found'),
  lazy: () => import('./routes/not-found'),
};

const goTo = (path: string) => () => redirect(path);
/** Index routes that only redirect still need something to match while the redirect runs. */
const Nothing = () => null;

/** The agent's gig pages: Create a Gig, Manage Gig, and editing a gig (not in spec). */
const agentGigChildren: RouteObject[] = [
  { path: 'create-gig', ...title('Create a Gig'), lazy: view(agentGigs, 'CreateGigPage') },
  { path: 'manage-gigs', ...title('Manage Gig'), lazy: view(agentGigs, 'ManageGigsPage') },
  { path: 'gigs/:id/edit', ...title('Edit Gig'), lazy: view(agentGigs, 'EditGigPage') },
];

/** The customer's job pages (issue 18): Post a Job, My Jobs, a job with its offers, editing it. */
const customerJobChildren: RouteObject[] = [
  { path: 'post-job', ...title('Post a Job'), lazy: view(jobs, 'PostJobPage') },
  { path: 'my-jobs', ...title('My Jobs'), lazy: view(jobs, 'MyJobsPage') },
  { path: 'jobs/:id', ...title('Job'), lazy: view(jobs, 'CustomerJobShow') },
  { path: 'jobs/:id/edit', ...title('Edit Job'), lazy: view(jobs, 'EditJobPage') },
];

/** The Customer and Agent pages both areas have (spec section 2); the rest come later. */
function areaChildren(area: 'customer' | 'agent'): RouteObject[] {
  const prefix = area === 'customer' ? 'customer' : 'agent';
  return [
    { index: true, loader: goTo(buildPath(`${area}.dashboard`)), Component: Nothing },
    {
      path: 'dashboard',
      ...title('Dashboard'),
      lazy:
        area === 'agent'
          ? view(agentGigs, 'AgentDashboardPage')
          : view(orders, 'CustomerDashboardPage'),
    },
    ...(area === 'agent' ? agentGigChildren : customerJobChildren),
    {
      path: `${prefix}-my-orders`,
      ...title('My Orders'),
      lazy: view(orders, area === 'agent' ? 'AgentMyOrders' : 'CustomerMyOrders'),
    },
    {
      path: `${prefix}-profile-settings`,
      ...title('Profile Settings'),
      lazy:
        area === 'agent'
          ? view(withdrawals, 'AgentProfileSettings')
          : view(account, 'AreaProfileSettings'),
    },
    {
      path: `${prefix}-change-password`,
      ...title('Change Password'),
      lazy: view(account, 'AreaChangePassword'),
    },
    { path: `${prefix}-delete`, ...title('Account Delete'), lazy: view(account, 'AreaDelete') },
    ...(area === 'agent'
      ? [
          {
            path: 'agent-withdraw',
            ...title('Withdraw History'),
            lazy: view(withdrawals, 'WithdrawHistory'),
          },
          { path: 'my-offers', ...title('My offers'), lazy: view(jobs, 'MyOffersPage') },
        ]
      : []),
    { path: '*', ...notFound },
  ];
}

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
              {
                index: true,
                loader: ({ params }) =>
                  redirect(buildPath('user.info', { tagname: params.tagname ?? '' })),
              },
              { id: 'user.projects', path: 'projects', lazy: view(profile, 'PublicProjects') },
              { id: 'user.wishlists', path: 'wishlists', lazy: view(profile, 'PublicWishlists') },
              { id: 'user.info', path: 'info', lazy: view(profile, 'PublicInfo') },
              { id: 'user.reviews', path: 'reviews', lazy: view(profile, 'PublicReviews') },
            ],
          },
          {
            id: 'guard.member',
            middleware: guard('auth', 'verified'),
            children: [
              {
                id: 'newcomer',
                path: paths.newcomer,
                children: [
                  { index: true, loader: goTo(buildPath('newcomer.page1')), Component: Nothing },
                  {
                    id: 'newcomer.page1',
                    path: 'page1',
                    ...title('Choose Your Tagname'),
                    lazy: view(account, 'NewcomerPage1'),
                  },
                  {
                    id: 'newcomer.page2',
                    path: 'page2',
                    ...title('About You'),
                    lazy: view(account, 'NewcomerPage2'),
                  },
                  {
                    id: 'newcomer.page3',
                    path: 'page3',
                    ...title('Profile Photo'),
                    lazy: view(account, 'NewcomerPage3'),
                  },
                ],
              },
              {
                id: 'guard.onboarded',
                middleware: guard('newcomer'),
                children: [
                  {
                    id: 'profile',
                    path: paths.profile,
                    ...title('My Account'),
                    children: [
                      {
                        id: 'profile.tabs',
                        lazy: view(profile, 'OwnProfileLayout'),
                        children: [
                          {
                            index: true,
                            loader: goTo(buildPath('profile.projects')),
                            Component: Nothing,
                          },
                          {
                            id: 'profile.projects',
                            path: 'projects',
                            lazy: view(profile, 'OwnProjects'),
                          },
                          {
                            id: 'profile.wishlists',
                            path: 'wishlists',
                            lazy: view(profile, 'OwnWishlists'),
                          },
                          { id: 'profile.info', path: 'info', lazy: view(profile, 'OwnInfo') },
                        ],
                      },
                      {
                        id: 'profile.edit.page1',
                        path: 'edit/page1',
                        ...title('Edit Profile'),
                        lazy: view(account, 'ProfileEditPage1'),
                      },
                      {
                        id: 'profile.edit.page2',
                        path: 'edit/page2',
                        ...title('Edit Profile'),
                        lazy: view(account, 'ProfileEditPage2'),
                      },
                    ],
                  },
                  {
                    id: 'settings',
                    path: paths.settings,
                    ...title('Settings'),
                    lazy: view(account, 'Settings'),
                  },
                  {
                    id: 'inbox',
                    path: paths.inbox,
                    ...title('Inbox'),
                    lazy: view(inbox, 'Inbox'),
                  },
                  {
                    id: 'projectbox',
                    path: paths.projectbox,
                    ...title('Project Box'),
                    lazy: view(userdata, 'ProjectBox'),
                  },
                  {
                    id: 'notifications',
                    path: paths.notifications,
                    ...title('Notifications'),
                    lazy: view(userdata, 'Notifications'),
                  },
                  {
                    id: 'gigs.order',
                    path: paths['gigs.order'],
                    handle: {
                      title: (data) => `Order ${(data as Gig | undefined)?.title ?? 'a gig'}`,
                    } satisfies RouteHandle,
                    lazy: async () => {
                      const module = await orders();
                      return {
                        loader: module.orderGigLoader,
                        Component: module.OrderGig,
                        ErrorBoundary: module.ErrorBoundary,
                      };
                    },
                  },
                  {
                    id: 'checkout',
                    path: paths.checkout,
                    ...title('Checkout'),
                    lazy: view(orders, 'Checkout'),
                  },
                  {
                    id: 'orders.show',
                    path: paths['orders.show'],
                    ...title('Order'),
                    lazy: view(orders, 'OrderShow'),
                  },
                  {
                    // The jobs board: agents only.
                    id: 'guard.agent',
                    middleware: guard('area.agent'),
                    children: [
                      {
                        id: 'jobs',
                        path: paths.jobs,
                        ...title('Jobs board'),
                        lazy: view(jobs, 'JobsBoardPage'),
                      },
                    ],
                  },
                  {
                    // A job with the agent's offer form (its customer is sent to their own page).
                    id: 'jobs.show',
                    path: paths['jobs.show'],
                    ...title('Job'),
                    lazy: view(jobs, 'AgentJobShow'),
                  },
                ],
              },
            ],
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
        id: 'customer',
        path: paths.customer,
        ...title('Customer'),
        middleware: guard('auth', 'verified', 'newcomer', 'area.customer'),
        lazy: view(areaLayout, 'CustomerLayout'),
        children: areaChildren('customer'),
      },
      {
        id: 'agent',
        path: paths.agent,
        ...title('Agent'),
        middleware: guard('auth', 'verified', 'newcomer', 'area.agent'),
        lazy: view(areaLayout, 'AgentLayout'),
        children: areaChildren('agent'),
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

/**
 * React Router's `patchRoutesOnNavigation`: the first navigation under /admin (it matches the
 * admin route's `*` until then) loads the admin pages' route objects and adds them as that
 * route's children, so the first page's JavaScript does not grow with the admin area. React
 * Router calls it only for paths it has not matched statically yet, and `patch` skips the routes
 * a router already has, so a later call adds nothing twice.
 */
export const patchAdminRoutes: NonNullable<
  Parameters<typeof createBrowserRouter>[1]
>['patchRoutesOnNavigation'] = async ({ path, patch }) => {
  const admin = paths.admin;
  if (path !== admin && !path.startsWith(`${admin}/`) && !path.startsWith(`${admin}?`)) return;
  const { adminChildren } = await import('./routes/admin');
  patch('admin', adminChildren);
};

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchAdminRoutes });
}
