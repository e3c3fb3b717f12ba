// One registry of the spec's route names (section 2) and their paths. Links and redirects use
// names, so a path changes here only. Where the spec shows a name but no path, the path is
// chosen here and marked "not in spec".
import { generatePath } from 'react-router-dom';

export const paths = {
  index: '/',
  aboutus: '/about-us',
  contactus: '/contact-us',
  blogs: '/blogs', // not in spec
  'blogs.show': '/blogs/:slug', // not in spec
  // The footer's Markdown content pages (spec section 1 names them; paths not in spec).
  careers: '/careers',
  press: '/press',
  pricing: '/pricing',
  privacy: '/privacy',
  terms: '/terms',
  faq: '/faq',
  help: '/help',
  'trust-and-safety': '/trust-and-safety',
  'selling-guide': '/selling-guide',
  'buying-guide': '/buying-guide',
  login: '/login',
  register: '/register',
  'password.request': '/password/reset',
  'password.reset': '/password/reset/:token',
  'email.verify': '/email/verify/:id',
  'email.resend': '/email/resend',
  'email.check': '/email/check',
  'services.id': '/services/:id',
  explore: '/explore',
  'gigs.show': '/gigs/:id', // not in spec: one gig
  'gigs.order': '/gigs/:id/order', // not in spec: ordering a gig (package, extras, dates)
  checkout: '/checkout/:orderId', // not in spec: paying an order
  'orders.show': '/orders/:id', // not in spec: one order (notifications link here)
  jobs: '/jobs', // not in spec: the jobs board (agents)
  'jobs.show': '/jobs/:id', // not in spec: one job as an agent sees it, with their offer
  leaderboard: '/leaderboard',
  inbox: '/inbox',
  'inbox.show': '/inbox/:conversationId', // not in spec: one conversation
  projectbox: '/projectbox',
  notifications: '/notifications', // not in spec (the spec names the area)
  settings: '/settings',
  'dev.mail': '/dev/mail', // not in spec: the development outbox
  'developers.api': '/developers/api', // not in spec: the API reference for developers

  profile: '/profile',
  'profile.projects': '/profile/projects',
  'profile.wishlists': '/profile/wishlists',
  'profile.info': '/profile/info',
  'profile.edit.page1': '/profile/edit/page1',
  'profile.edit.page2': '/profile/edit/page2',

  user: '/@/:tagname',
  'user.projects': '/@/:tagname/projects',
  'user.wishlists': '/@/:tagname/wishlists',
  'user.info': '/@/:tagname/info',
  'user.reviews': '/@/:tagname/reviews', // not in spec: the reviews a member received
  'user.message': '/@/:tagname/message',

  agent: '/agent',
  'agent.dashboard': '/agent/dashboard',
  'agent.create.gig': '/agent/create-gig',
  'agent.my.orders': '/agent/agent-my-orders',
  'agent.projects': '/agent/agent-projects', // an agent's portfolio (issue 20)
  'agent.projects.create': '/agent/agent-projects/create', // not in spec: adding a portfolio project
  'agent.projects.edit': '/agent/agent-projects/:id/edit', // not in spec: editing one
  'agent.withdraw': '/agent/agent-withdraw',
  'agent.profile.settings': '/agent/agent-profile-settings',
  'agent.manage.gigs': '/agent/manage-gigs',
  'agent.edit.gig': '/agent/gigs/:id/edit', // not in spec: the Create a Gig form for a gig
  'agent.change.password': '/agent/agent-change-password',
  'agent.delete': '/agent/agent-delete',
  'agent.my.offers': '/agent/my-offers', // not in spec: the agent's offers on jobs

  customer: '/customer',
  'customer.dashboard': '/customer/dashboard',
  'customer.post.job': '/customer/post-job',
  'customer.my.orders': '/customer/customer-my-orders',
  'customer.my.jobs': '/customer/my-jobs', // not in spec: the customer's jobs
  'customer.jobs.show': '/customer/jobs/:id', // not in spec: one job with its offers
  'customer.jobs.edit': '/customer/jobs/:id/edit', // not in spec: the Post a Job form for a job
  'customer.profile.settings': '/customer/customer-profile-settings',
  'customer.change.password': '/customer/customer-change-password',
  'customer.delete': '/customer/customer-delete',

  admin: '/admin',
  'admin.login': '/admin/login', // not in spec
  'admin.users': '/admin/users',
  'admin.users.show': '/admin/users/:id', // not in spec
  'admin.services': '/admin/services',
  'admin.services.create': '/admin/services/create', // not in spec
  'admin.services.edit': '/admin/services/:id/edit', // not in spec
  'admin.withdrawals': '/admin/withdrawals', // not in spec (PRODUCT.md names the section)
  'admin.finance': '/admin/finance', // not in spec
  'admin.messages': '/admin/messages', // not in spec
  'admin.blog': '/admin/blog', // not in spec
  'admin.blog.create': '/admin/blog/create', // not in spec
  'admin.blog.edit': '/admin/blog/:slug/edit', // not in spec
  'admin.audit': '/admin/audit', // not in spec
  'admin.orders': '/admin/orders', // not in spec
  'admin.orders.show': '/admin/orders/:id', // not in spec
  'admin.disputes': '/admin/disputes', // not in spec (PRODUCT.md names the section)
  'admin.disputes.show': '/admin/disputes/:id', // not in spec
  'admin.reviews': '/admin/reviews', // not in spec (issue 17 names it)

  newcomer: '/newcomer',
  'newcomer.page1': '/newcomer/page1', // not in spec (pages 1, 2, 3 are)
  'newcomer.page2': '/newcomer/page2',
  'newcomer.page3': '/newcomer/page3',

  party: '/party',
  'party.leader': '/party/leader',
  'party.member': '/party/member',

  'project.post': '/project/post',
  'project.edit': '/project/:id/edit-post',
  'project.show': '/project/:id',
  'project.review': '/project/:id/review',
  'project.dashboard': '/project/:id/dashboard',
  // "shorlisted" is the spec's spelling, kept so old links still work.
  'project.shortlisted': '/project/:id/shorlisted',
  'project.shortlisted.individual': '/project/:id/shorlisted/individual',
  'project.shortlisted.team': '/project/:id/shorlisted/team',
  'project.apply': '/project/:id/apply',
  'project.apply.individual': '/project/:id/apply/individual',
  'project.apply.team': '/project/:id/apply/team',

  /** Where a 404 answer sends the user: the page they were on plus `/404`. */
  '404': '/:url/404',
} as const;

export type PathName = keyof typeof paths;

/** `:param` names of a path pattern, as a union ("id" | "token"), or never. */
type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

type PathParams<N extends PathName> = Record<ParamNames<(typeof paths)[N]>, string | number>;

/** Names whose path has no params, such as menu entries. */
export type StaticPathName = {
  [N in PathName]: [ParamNames<(typeof paths)[N]>] extends [never] ? N : never;
}[PathName];

type ParamsArgs<N extends PathName> = [ParamNames<(typeof paths)[N]>] extends [never]
  ? [params?: undefined, query?: Record<string, string>]
  : [params: PathParams<N>, query?: Record<string, string>];

/**
 * The URL of the route `name`: `buildPath('services.id', { id: 's1' })` → `/services/s1`.
 * Params are URL-encoded; an optional query is appended.
 */
export function buildPath<N extends PathName>(name: N, ...[params, query]: ParamsArgs<N>): string {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) values[key] = String(value);
  const path = generatePath(paths[name] as string, values);
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** Spec section 2: a 404 answer goes to the starting location with a 404 suffix. */
export function notFoundPathFor(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed.endsWith('/404')) return trimmed;
  return `${trimmed}/404`;
}
