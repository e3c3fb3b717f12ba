// The members' pages (spec section 2), as route objects: the Customer and Agent areas under
// /customer and /agent, the pages any signed-in member has (profile, orders, jobs...) under the
// member guard, and the inbox and notifications in the member layout (their area's, issue 20). router.tsx patches them in on the first navigation to one of them
// (patchAreaRoutes): a guest's first page does not carry them. Every page is its own lazy chunk.
import type { Gig } from '@wayfarer/api/schemas';
import type { RouteObject } from 'react-router-dom';
import { buildPath, paths } from '@/config/paths';
import { guard } from '../guards';
import type { RouteHandle } from '../use-document-title';
import { notFound, redirectIndex, title, view } from './lazy-view';

const account = () => import('./account');
const profile = () => import('./profile');
const inbox = () => import('./inbox');
const userdata = () => import('./userdata');
const withdrawals = () => import('./withdrawals');
const agentGigs = () => import('./agent-gigs');
const orders = () => import('./orders');
const jobs = () => import('./jobs');
const party = () => import('./party');
const projects = () => import('./projects');
const portfolio = () => import('./portfolio');

/** The project pages (issue 19): posting and running them for Lecturers, applying for Students. */
const projectChildren: RouteObject[] = [
  {
    id: 'guard.lecturer',
    middleware: guard('lecturer'),
    children: [
      {
        id: 'project.post',
        path: paths['project.post'],
        ...title('Post Project'),
        lazy: view(projects, 'PostProjectPage'),
      },
      {
        id: 'project.edit',
        path: paths['project.edit'],
        ...title('Edit Project'),
        lazy: view(projects, 'EditProjectPage'),
      },
      {
        // One page for both tabs (the children only say which): switching tabs keeps the
        // shortlist it loaded.
        id: 'project.shortlisted',
        path: paths['project.shortlisted'],
        ...title('Shortlist'),
        lazy: view(projects, 'ShortlistTabsPage'),
        children: [
          redirectIndex((params) =>
            buildPath('project.shortlisted.individual', { id: params.id ?? '' }),
          ),
          { id: 'project.shortlisted.individual', path: 'individual' },
          { id: 'project.shortlisted.team', path: 'team' },
        ],
      },
      {
        id: 'project.review',
        path: paths['project.review'],
        ...title('Review Participants'),
        lazy: view(projects, 'ProjectReviewPage'),
      },
    ],
  },
  {
    id: 'guard.student',
    middleware: guard('student'),
    children: [
      {
        // One page for both tabs, as the shortlist: switching keeps the project it loaded.
        id: 'project.apply',
        path: paths['project.apply'],
        ...title('Apply'),
        lazy: view(projects, 'ApplyTabsPage'),
        children: [
          redirectIndex((params) => buildPath('project.apply.individual', { id: params.id ?? '' })),
          { id: 'project.apply.individual', path: 'individual' },
          { id: 'project.apply.team', path: 'team' },
        ],
      },
    ],
  },
  {
    id: 'project.show',
    path: paths['project.show'],
    ...title('Project'),
    lazy: view(projects, 'ProjectShow'),
  },
  {
    id: 'project.dashboard',
    path: paths['project.dashboard'],
    ...title('Project Dashboard'),
    lazy: view(projects, 'ProjectDashboardPage'),
  },
];

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
    // The index (to the dashboard) is in router.tsx: `/customer` must match it before any patch.
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
          // Projects, for an agent: their portfolio (issue 20).
          {
            path: 'agent-projects',
            ...title('Projects'),
            lazy: view(portfolio, 'AgentProjectsPage'),
          },
          {
            path: 'agent-projects/create',
            ...title('Add a project'),
            lazy: view(portfolio, 'CreatePortfolioProjectPage'),
          },
          {
            path: 'agent-projects/:id/edit',
            ...title('Edit project'),
            lazy: view(portfolio, 'EditPortfolioProjectPage'),
          },
        ]
      : []),
    { path: '*', ...notFound },
  ];
}

export const customerChildren = areaChildren('customer');
export const agentChildren = areaChildren('agent');

/**
 * The member guard's pages (router.tsx `guard.member`, in the default layout): onboarding, the
 * own profile, settings, Project Box, ordering, checkout, an order, the jobs board and a job, the
 * party pages.
 */
export const memberChildren: RouteObject[] = [
  {
    id: 'newcomer',
    path: paths.newcomer,
    children: [
      redirectIndex(buildPath('newcomer.page1')),
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
              redirectIndex(buildPath('profile.projects')),
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
        // Spec: /party redirects to the leader's page. Students use it; others read why not.
        id: 'party',
        path: paths.party,
        // The layout reads the party once; switching tabs does not read it again.
        lazy: view(party, 'PartyLayout'),
        children: [
          redirectIndex(buildPath('party.leader')),
          {
            id: 'party.leader',
            path: 'leader',
            ...title('Party'),
            lazy: view(party, 'PartyLeader'),
          },
          {
            id: 'party.member',
            path: 'member',
            ...title('Party'),
            lazy: view(party, 'PartyMember'),
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
        id: 'projectbox',
        path: paths.projectbox,
        ...title('Project Box'),
        lazy: view(userdata, 'ProjectBox'),
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
      ...projectChildren,
    ],
  },
];

/**
 * The member layout's pages (router.tsx `layout.member`): the inbox and the notifications, inside
 * a Customer's or an Agent's own area, in the default layout for the other roles.
 */
export const memberLayoutChildren: RouteObject[] = [
  {
    id: 'inbox',
    path: paths.inbox,
    ...title('Inbox'),
    lazy: view(inbox, 'Inbox'),
  },
  {
    id: 'notifications',
    path: paths.notifications,
    ...title('Notifications'),
    lazy: view(userdata, 'Notifications'),
  },
];
