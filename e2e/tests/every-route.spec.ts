/// <reference lib="dom" />
// Issue 20: every route of the route registry (web/src/config/paths.ts), opened as a guest and
// as each role, fits a 360 px and a 1366 px wide screen (the document is never wider than the
// viewport) and has no serious or critical axe violation. A route a role may not open must land
// where its guard sends that role, and fit too. A route name added to the registry without a
// line in ROUTES below fails the typecheck and the first test here.
//
// Fast by design (the whole e2e run shares a loaded 2-core runner): one signed-in page per role
// for all its routes, moved by the app's own router (no reload); both widths measured on the
// same loaded page; axe once per route (by the role that owns it, at 360 px), plus each layout's
// header and footer once per role; the roles are separate tests, run in parallel.
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { buildPath, paths, type PathName } from '../../web/src/config/paths';
import { lookAgain, prepareForVisits, visit, type Look } from '../support/app-router';
import {
  DEMO_PASSWORD,
  apiLogin,
  mailedLink,
  seriousAxeViolations,
  unique,
  type Member,
} from '../support/members';
import { createGig, deliveredOrder, inDays } from '../support/orders';

const ROLES = ['guest', 'Customer', 'Agent', 'Lecturer', 'Student', 'Admin'] as const;
type Role = (typeof ROLES)[number];
type MemberRole = Exclude<Role, 'guest'>;
const MEMBER_ROLES = ROLES.filter((role): role is MemberRole => role !== 'guest');

/** The demo account (api/src/seed) each role browses as. */
const ACCOUNTS: Record<MemberRole, { email: string; tagname: string; loginPath?: string }> = {
  Customer: { email: 'sofia@wayfarer.test', tagname: 'sofia_marin' },
  Agent: { email: 'amara@wayfarer.test', tagname: 'amara_guides' },
  Lecturer: { email: 'helen@wayfarer.test', tagname: 'helen_brandt' },
  Student: { email: 'mei@wayfarer.test', tagname: 'mei_lin' },
  Admin: { email: 'admin@wayfarer.test', tagname: 'ada_admin', loginPath: '/api/admin/login' },
};

/** Where a member is sent from an area that is not theirs (homePathFor; /profile shows its first tab). */
const HOME: Record<MemberRole, string> = {
  Customer: '/customer/dashboard',
  Agent: '/agent/dashboard',
  Lecturer: '/profile/projects',
  Student: '/profile/projects',
  Admin: '/admin',
};

const WIDTHS = [360, 1366] as const;
const AXE_WIDTH = 360;

/** The records the parameterised routes open: the demo data's, and a few made here. */
interface Fixtures {
  members: Record<MemberRole, Member>;
  /** An active gig of the agent's. */
  gig: string;
  /** A project of the agent's portfolio (issue 20). */
  portfolioProject: string;
  /** A completed order of the customer's (of the agent's gig), with both reviews. */
  order: string;
  /** An order of the customer's waiting for payment: checkout. */
  pendingOrder: string;
  /** A delivered order the customer disputed. */
  dispute: string;
  /** An open job of the customer's, with offers. */
  job: string;
  /** An open project of the lecturer's, with applications. */
  project: string;
  /** The customer's conversation with the agent. */
  conversation: string;
  /** Whether each member has a conversation with `otherOf` them already. */
  talking: Record<MemberRole, boolean>;
  blog: string;
  service: string;
  /** A fresh account's verification link and password reset link (path and query). */
  verifyLink: string;
  resetLink: string;
}

/**
 * Which guards stand before a route (web/src/app/router.tsx, routes/areas.ts, guards.ts):
 * - public: none;
 * - guest: guests only (login, register): a member goes to the home page;
 * - signed-in: any session; a guest goes to login and comes back;
 * - member: a verified member with a tagname (every account here is);
 * - customer, agent: the area's role; another member goes to their own home;
 * - lecturer, student: the role; a guest logs in (the member guard before the role's), a member
 *   of another role is sent to login, which sends a member on to the home page;
 * - admin: admins; anyone else goes to the admin login.
 */
type Access =
  | 'public'
  | 'guest'
  | 'signed-in'
  | 'member'
  | 'customer'
  | 'agent'
  | 'lecturer'
  | 'student'
  | 'admin';

type Params = Record<string, string>;

interface Visit {
  access: Access;
  /** The route's params (a route with params). */
  params?: (fx: Fixtures, role: Role) => Params;
  /** The whole address, when it is not made from params (a mailed link with its query). */
  url?: (fx: Fixtures) => string;
  /**
   * Where the route settles when it opens, if elsewhere: the route an index shows (its first
   * tab), or an address.
   */
  opensAt?: PathName | ((fx: Fixtures, role: Role) => string);
  /** The route shows the "Page not found" page. */
  notFound?: true;
  /** The role whose visit axe reads; default: the first role in ROLES the route opens for. */
  axeAs?: Role;
  /**
   * Roles the guards let through but whose record the page refuses: where they land, or null
   * when they stay on the page (which says why).
   */
  refused?: Partial<Record<Role, ((fx: Fixtures) => string) | null>>;
}

interface Skip {
  skip: string;
}

/** Whom `role` messages from a profile: the agent, or the customer for the agent. */
const otherOf = (role: Role): MemberRole => (role === 'Agent' ? 'Customer' : 'Agent');

/** Every route name of the registry: how it is visited, or why it is not. */
const ROUTES = {
  // The public site (default, wide and back layouts).
  index: { access: 'public' },
  aboutus: { access: 'public' },
  contactus: { access: 'public' },
  blogs: { access: 'public' },
  'blogs.show': { access: 'public', params: (fx) => ({ slug: fx.blog }) },
  careers: { access: 'public', axeAs: 'Lecturer' },
  press: { access: 'public', axeAs: 'Lecturer' },
  pricing: { access: 'public', axeAs: 'Student' },
  privacy: { access: 'public', axeAs: 'Student' },
  terms: { access: 'public', axeAs: 'Student' },
  faq: { access: 'public', axeAs: 'Student' },
  help: { access: 'public', axeAs: 'Lecturer' },
  'trust-and-safety': { access: 'public', axeAs: 'Lecturer' },
  'selling-guide': { access: 'public', axeAs: 'Agent' },
  'buying-guide': { access: 'public', axeAs: 'Customer' },
  'services.id': { access: 'public', params: (fx) => ({ id: fx.service }) },
  explore: { access: 'public' },
  'gigs.show': { access: 'public', params: (fx) => ({ id: fx.gig }) },
  leaderboard: { access: 'public' },
  'dev.mail': { access: 'public', axeAs: 'Admin' },
  'developers.api': { access: 'public' },
  user: {
    access: 'public',
    params: () => ({ tagname: ACCOUNTS.Agent.tagname }),
    opensAt: 'user.info',
  },
  'user.projects': {
    access: 'public',
    params: () => ({ tagname: ACCOUNTS.Lecturer.tagname }),
  },
  'user.wishlists': {
    access: 'public',
    params: () => ({ tagname: ACCOUNTS.Customer.tagname }),
  },
  'user.info': {
    access: 'public',
    params: () => ({ tagname: ACCOUNTS.Agent.tagname }),
  },
  'user.reviews': {
    access: 'public',
    params: () => ({ tagname: ACCOUNTS.Agent.tagname }),
  },
  '404': { access: 'public', url: () => '/nowhere/404', notFound: true },

  // Accounts.
  login: { access: 'guest' },
  register: { access: 'guest' },
  'admin.login': { access: 'public' },
  'password.request': { access: 'public' },
  'password.reset': { access: 'public', url: (fx) => fx.resetLink },
  'email.verify': { access: 'public', url: (fx) => fx.verifyLink },
  'email.check': { access: 'signed-in', axeAs: 'Student' },
  'email.resend': { access: 'signed-in', axeAs: 'Student' },
  newcomer: { access: 'member', opensAt: 'newcomer.page1', axeAs: 'Student' },
  'newcomer.page1': { access: 'member', axeAs: 'Student' },
  'newcomer.page2': { access: 'member', axeAs: 'Student' },
  'newcomer.page3': { access: 'member', axeAs: 'Student' },

  // Every member's pages.
  profile: { access: 'member', opensAt: 'profile.projects', axeAs: 'Lecturer' },
  'profile.projects': { access: 'member', axeAs: 'Lecturer' },
  'profile.wishlists': { access: 'member', axeAs: 'Customer' },
  'profile.info': { access: 'member', axeAs: 'Agent' },
  'profile.edit.page1': { access: 'member', axeAs: 'Lecturer' },
  'profile.edit.page2': { access: 'member', axeAs: 'Lecturer' },
  settings: { access: 'member', axeAs: 'Agent' },
  inbox: { access: 'member' },
  'inbox.show': {
    access: 'member',
    params: (fx) => ({ conversationId: fx.conversation }),
  },
  'user.message': {
    access: 'member',
    params: (_fx, role) => ({ tagname: ACCOUNTS[otherOf(role)].tagname }),
    // The conversation with them: the one there is, or a new one (`to` says with whom).
    opensAt: (fx, role) => {
      const me = fx.members[role as MemberRole];
      const other = fx.members[otherOf(role)];
      const conversationId = `conv:${[me.id, other.id].sort().join(':')}`;
      const query = fx.talking[role as MemberRole] ? undefined : { to: other.tagname };
      return buildPath('inbox.show', { conversationId }, query);
    },
    axeAs: 'Student',
  },
  projectbox: { access: 'member', axeAs: 'Lecturer' },
  notifications: { access: 'member', axeAs: 'Agent' },
  party: { access: 'member', opensAt: 'party.leader', axeAs: 'Student' },
  'party.leader': { access: 'member', axeAs: 'Student' },
  'party.member': { access: 'member', axeAs: 'Student' },

  // Ordering.
  // Only customers order, and not their own gig: the others read why on the page.
  'gigs.order': {
    access: 'member',
    params: (fx) => ({ id: fx.gig }),
    refused: { Agent: null, Lecturer: null, Student: null, Admin: null },
  },
  // An order is its parties' and the admins'; anyone else reads "No such order".
  checkout: {
    access: 'member',
    params: (fx) => ({ orderId: fx.pendingOrder }),
    refused: { Lecturer: null, Student: null },
  },
  // An admin reads it on the admin area's page.
  'orders.show': {
    access: 'member',
    params: (fx) => ({ id: fx.order }),
    refused: {
      Lecturer: null,
      Student: null,
      Admin: (fx) => buildPath('admin.orders.show', { id: fx.order }),
    },
  },

  // The customer's area.
  customer: { access: 'customer', opensAt: 'customer.dashboard' },
  'customer.dashboard': { access: 'customer' },
  'customer.post.job': { access: 'customer' },
  'customer.my.orders': { access: 'customer' },
  'customer.my.jobs': { access: 'customer' },
  'customer.jobs.show': {
    access: 'customer',
    params: (fx) => ({ id: fx.job }),
  },
  'customer.jobs.edit': {
    access: 'customer',
    params: (fx) => ({ id: fx.job }),
  },
  'customer.profile.settings': { access: 'customer' },
  'customer.change.password': { access: 'customer' },
  'customer.delete': { access: 'customer' },

  // The agent's area, and the jobs board.
  agent: { access: 'agent', opensAt: 'agent.dashboard' },
  'agent.dashboard': { access: 'agent' },
  'agent.create.gig': { access: 'agent' },
  'agent.my.orders': { access: 'agent' },
  // The spec's sidebar entry "Projects" has no page yet: the area's "Page not found".
  'agent.projects': { access: 'agent' },
  'agent.projects.create': { access: 'agent' },
  'agent.projects.edit': { access: 'agent', params: (fx) => ({ id: fx.portfolioProject }) },
  'agent.withdraw': { access: 'agent' },
  'agent.profile.settings': { access: 'agent' },
  'agent.manage.gigs': { access: 'agent' },
  'agent.edit.gig': { access: 'agent', params: (fx) => ({ id: fx.gig }) },
  'agent.change.password': { access: 'agent' },
  'agent.delete': { access: 'agent' },
  'agent.my.offers': { access: 'agent' },
  jobs: { access: 'agent' },
  // An agent's page: the job's customer is sent to their own page of it, anyone else home.
  'jobs.show': {
    access: 'member',
    params: (fx) => ({ id: fx.job }),
    refused: {
      Customer: (fx) => buildPath('customer.jobs.show', { id: fx.job }),
      Lecturer: () => HOME.Lecturer,
      Student: () => HOME.Student,
      Admin: () => HOME.Admin,
    },
  },

  // Projects.
  'project.post': { access: 'lecturer' },
  'project.edit': { access: 'lecturer', params: (fx) => ({ id: fx.project }) },
  'project.show': { access: 'member', params: (fx) => ({ id: fx.project }) },
  'project.review': {
    access: 'lecturer',
    params: (fx) => ({ id: fx.project }),
  },
  // The lecturer's and the accepted participants' (none yet): others read "No such project".
  'project.dashboard': {
    access: 'member',
    params: (fx) => ({ id: fx.project }),
    refused: { Customer: null, Agent: null, Student: null, Admin: null },
  },
  'project.shortlisted': {
    access: 'lecturer',
    params: (fx) => ({ id: fx.project }),
    opensAt: 'project.shortlisted.individual',
  },
  'project.shortlisted.individual': {
    access: 'lecturer',
    params: (fx) => ({ id: fx.project }),
  },
  'project.shortlisted.team': {
    access: 'lecturer',
    params: (fx) => ({ id: fx.project }),
  },
  'project.apply': {
    access: 'student',
    params: (fx) => ({ id: fx.project }),
    opensAt: 'project.apply.individual',
  },
  'project.apply.individual': {
    access: 'student',
    params: (fx) => ({ id: fx.project }),
  },
  'project.apply.team': {
    access: 'student',
    params: (fx) => ({ id: fx.project }),
  },

  // The admin area.
  admin: { access: 'admin' },
  'admin.users': { access: 'admin' },
  'admin.users.show': {
    access: 'admin',
    params: (fx) => ({ id: fx.members.Customer.id }),
  },
  'admin.services': { access: 'admin' },
  'admin.services.create': { access: 'admin' },
  'admin.services.edit': {
    access: 'admin',
    params: (fx) => ({ id: fx.service }),
  },
  'admin.withdrawals': { access: 'admin' },
  'admin.finance': { access: 'admin' },
  'admin.messages': { access: 'admin' },
  'admin.blog': { access: 'admin' },
  'admin.blog.create': { access: 'admin' },
  'admin.blog.edit': { access: 'admin', params: (fx) => ({ slug: fx.blog }) },
  'admin.audit': { access: 'admin' },
  'admin.orders': { access: 'admin' },
  'admin.orders.show': { access: 'admin', params: (fx) => ({ id: fx.dispute }) },
  'admin.disputes': { access: 'admin' },
  'admin.disputes.show': {
    access: 'admin',
    params: (fx) => ({ id: fx.dispute }),
  },
  'admin.reviews': { access: 'admin' },
} satisfies Record<PathName, Visit | Skip>;

/** The registry's names, the home page first (the one full load of each role's page). */
const ROUTE_NAMES = (Object.keys(paths) as PathName[]).sort(
  (a, b) => Number(b === 'index') - Number(a === 'index'),
);

/** Where the guards send `role` from `url`, or null when they let it through. */
function guardLanding(access: Access, role: Role, url: string): string | null {
  const login = () => buildPath('login', undefined, { redirect: url });
  switch (access) {
    case 'public':
      return null;
    case 'guest':
      return role === 'guest' ? null : buildPath('index');
    case 'signed-in':
    case 'member':
      return role === 'guest' ? login() : null;
    case 'customer':
    case 'agent':
      if (role === 'guest') return login();
      return role.toLowerCase() === access ? null : HOME[role];
    case 'lecturer':
    case 'student':
      // A guest meets the member guard first: plain login.
      if (role === 'guest') return login();
      return role.toLowerCase() === access ? null : buildPath('index');
    case 'admin':
      return role === 'Admin' ? null : buildPath('admin.login', undefined, { redirect: url });
  }
}

const pathOf = (name: PathName, params: Params | undefined) =>
  (buildPath as (name: PathName, params?: Params) => string)(name, params);

interface Plan {
  name: PathName;
  url: string;
  /** Where the visit must end (path and query). */
  landing: string;
  /** The route's own page shows (not a guard's destination, not a refusal). */
  opens: boolean;
  notFound: boolean;
}

function planFor(name: PathName, role: Role, fx: Fixtures): Plan | null {
  const visit: Visit | Skip = ROUTES[name];
  if ('skip' in visit) return null;
  const params = visit.params?.(fx, role);
  const url = visit.url ? visit.url(fx) : pathOf(name, params);
  const plan = { name, url, opens: false, notFound: false };
  const guarded = guardLanding(visit.access, role, url);
  if (guarded !== null) return { ...plan, landing: guarded };
  const refusal = visit.refused?.[role];
  if (refusal === null) return { ...plan, landing: url };
  if (refusal) return { ...plan, landing: refusal(fx) };
  return {
    ...plan,
    landing:
      typeof visit.opensAt === 'function'
        ? visit.opensAt(fx, role)
        : visit.opensAt
          ? pathOf(visit.opensAt, params)
          : url,
    opens: true,
    notFound: visit.notFound === true,
  };
}

/** The role whose visit runs axe on `name`. */
function axeOwner(name: PathName, fx: Fixtures): Role | undefined {
  const visit: Visit | Skip = ROUTES[name];
  if ('skip' in visit) return undefined;
  return visit.axeAs ?? ROLES.find((role) => planFor(name, role, fx)?.opens);
}

const bearer = (member: Member) => ({ authorization: `Bearer ${member.token}` });

async function read<T>(request: APIRequestContext, path: string, member?: Member): Promise<T> {
  const response = await request.get(path, member ? { headers: bearer(member) } : {});
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function send<T>(
  request: APIRequestContext,
  path: string,
  member: Member,
  data: Record<string, unknown>,
  status = 201,
): Promise<T> {
  const response = await request.post(path, { headers: bearer(member), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/**
 * The demo members signed in, the demo records the parameterised routes show (the richest of
 * each: an order with its reviews, a job with offers, a project with applications), and what the
 * demo data has not: an order waiting for payment, a dispute, a conversation, and the mailed
 * links of a fresh account.
 */
async function makeFixtures(request: APIRequestContext): Promise<Fixtures> {
  const signedIn = await Promise.all(
    MEMBER_ROLES.map(async (role) => {
      const { email, tagname, loginPath } = ACCOUNTS[role];
      const { token, user } = await apiLogin(request, email, DEMO_PASSWORD, loginPath);
      return [role, { id: user.id, name: role, email, tagname, token }] as const;
    }),
  );
  const members = Object.fromEntries(signedIn) as Record<MemberRole, Member>;
  const { Customer: customer, Agent: agent, Lecturer: lecturer } = members;

  type Listed<T> = { data: T[] };
  const [gigs, portfolio, orders, jobs, projects, blogs] = await Promise.all([
    read<Listed<{ id: string }>>(request, `/api/users/${agent.tagname}/gigs`),
    read<Listed<{ id: string }>>(request, `/api/users/${agent.tagname}/portfolio`),
    read<Listed<{ id: string; agent: { tagname: string } }>>(
      request,
      '/api/orders?as=customer&status=completed&per_page=100',
      customer,
    ),
    read<Listed<{ id: string; status: string; offer_count: number }>>(
      request,
      '/api/jobs/mine',
      customer,
    ),
    read<Listed<{ id: string; status: string; application_count: number }>>(
      request,
      '/api/lecturer/projects',
      lecturer,
    ),
    read<Listed<{ slug: string }>>(request, '/api/blogs?page=1&per_page=1'),
  ]);
  const most = <T>(items: T[], count: (item: T) => number) =>
    [...items].sort((a, b) => count(b) - count(a))[0];
  const gig = gigs.data[0]?.id;
  const portfolioProject = portfolio.data[0]?.id;
  const order = orders.data.find((o) => o.agent.tagname === agent.tagname)?.id;
  const job = most(
    jobs.data.filter((j) => j.status === 'open'),
    (j) => j.offer_count,
  )?.id;
  const project = most(
    projects.data.filter((p) => p.status === 'open'),
    (p) => p.application_count,
  )?.id;
  const blog = blogs.data[0]?.slug;
  expect({ gig, portfolioProject, order, job, project, blog }, 'the demo data').toEqual({
    gig: expect.any(String),
    portfolioProject: expect.any(String),
    order: expect.any(String),
    job: expect.any(String),
    project: expect.any(String),
    blog: expect.any(String),
  });

  // Orders of a gig made here (the demo gigs' packages differ from gig to gig).
  const orderable = await createGig(request, agent, `Dakar market morning ${unique()}`);
  const pending = await send<{ order: { id: string } }>(request, '/api/orders', customer, {
    gig_id: orderable,
    tier: 'basic',
    extras: [],
    service_date: inDays(30),
    travellers: 2,
  });
  const disputed = await deliveredOrder(request, customer, agent, orderable);
  await send(
    request,
    `/api/orders/${disputed}/dispute`,
    customer,
    { reason: 'The route we walked was not the one described in the gig.' },
    200,
  );
  const { message } = await send<{ message: { conversation_id: string } }>(
    request,
    '/api/inbox/messages',
    customer,
    { to: agent.tagname, body: 'Is the **dunes** stop possible in the afternoon?', id: unique() },
  );

  const talking = Object.fromEntries(
    await Promise.all(
      MEMBER_ROLES.map(async (role) => {
        const inbox = await read<Listed<{ other: { tagname: string } }>>(
          request,
          '/api/inbox',
          members[role],
        );
        const other = members[otherOf(role)].tagname;
        return [role, inbox.data.some((c) => c.other.tagname === other)] as const;
      }),
    ),
  ) as Record<MemberRole, boolean>;

  // A fresh account: its verification link, and a password reset link.
  const email = `routes-${unique()}@example.test`;
  const password = 'every-route-1';
  const registered = await request.post('/api/register', {
    data: {
      full_name: 'Rita Routes',
      email,
      password,
      password_confirmation: password,
      role: 'Customer',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verify = new URL(await mailedLink(request, email, '/email/verify/'));
  const asked = await request.post('/api/password/email', { data: { email } });
  expect(asked.status(), await asked.text()).toBe(200);
  const reset = new URL(await mailedLink(request, email, '/password/reset/'));

  return {
    members,
    gig: gig!,
    portfolioProject: portfolioProject!,
    order: order!,
    pendingOrder: pending.order.id,
    dispute: disputed,
    job: job!,
    project: project!,
    conversation: message.conversation_id,
    talking,
    blog: blog!,
    service: 'tour-guide',
    verifyLink: verify.pathname + verify.search,
    resetLink: reset.pathname + reset.search,
  };
}

let fixtures: Fixtures;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  fixtures = await makeFixtures(request);
  await request.dispose();
});

/**
 * Opens every route as `role` on one page, at both widths, and returns what went wrong: a
 * landing other than the guards', a page that did not load or shows an error, a document wider
 * than the viewport, axe's serious and critical violations.
 */
async function visitAll(browser: Browser, baseURL: string, role: Role): Promise<string[]> {
  const problems: string[] = [];
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    viewport: { width: AXE_WIDTH, height: 800 },
  });
  await prepareForVisits(context);
  if (role !== 'guest') {
    const { token } = fixtures.members[role];
    await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  }
  const page = await context.newPage();
  const scannedChrome = new Set<string>();
  const measuredLandings = new Set<string>();
  let width: number = AXE_WIDTH;

  /**
   * The overflow; axe on the page at 360 px if `owner`, and on each layout's chrome (header,
   * navigation, footer) the first time it shows at each width.
   */
  const check = async (plan: Plan, look: Look, owner: boolean) => {
    const where = `${role} ${plan.name} (${plan.url}) at ${width} px`;
    if (look.overflow) problems.push(`${where}: ${look.overflow}`);
    const chrome = `${width} ${look.chrome}`;
    const newChrome = !scannedChrome.has(chrome);
    scannedChrome.add(chrome);
    const scanPage = owner && width === AXE_WIDTH;
    if (!scanPage && !newChrome) return;
    const scope = scanPage ? (newChrome ? {} : { include: '#main' }) : { exclude: '#main' };
    // Every rule axe has (WCAG's and its best practices), as public.spec.ts reads pages.
    problems.push(...(await seriousAxeViolations(page, where, undefined, scope)));
  };

  let first = true;
  for (const name of ROUTE_NAMES) {
    const plan = planFor(name, role, fixtures);
    if (!plan) continue;
    const where = `${role} ${name} (${plan.url})`;
    const look = await visit(page, plan.url, first);
    first = false;
    if (look.reloaded) problems.push(`${where}: the app reloaded the page`);
    if (!look.settled) problems.push(`${where}: still loading after 30 s`);
    if (look.location !== plan.landing) {
      problems.push(`${where}: landed on ${look.location}, expected ${plan.landing}`);
    }
    if (plan.opens) {
      if ((look.heading === 'Page not found') !== plan.notFound) {
        problems.push(`${where}: its page's heading is "${look.heading}"`);
      }
      if (look.errors.length) problems.push(`${where}: shows an error: ${look.errors.join(' / ')}`);
    }
    // A guard's destination (login, a home page) is measured once per role, not at every route
    // that leads there.
    const landed = plan.opens ? null : look.location.replace(/\?.*$/, '');
    if (landed !== null && measuredLandings.has(landed)) continue;
    if (landed !== null) measuredLandings.add(landed);
    const owner = plan.opens && axeOwner(name, fixtures) === role;
    await check(plan, look, owner);
    width = width === WIDTHS[0] ? WIDTHS[1] : WIDTHS[0];
    await page.setViewportSize({ width, height: 800 });
    await check(plan, await lookAgain(page), owner);
  }
  await context.close();
  return problems;
}

test('every route name of the registry is visited, or skipped with a reason', () => {
  const pattern = (path: string) =>
    new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\./g, '\\.')}$`);
  for (const name of ROUTE_NAMES) {
    const visit: Visit | Skip | undefined = (ROUTES as Record<string, Visit | Skip>)[name];
    expect(visit, `${name} is in ROUTES`).toBeDefined();
    if (visit && 'skip' in visit)
      expect(visit.skip.length, `${name}: why skipped`).toBeGreaterThan(10);
  }
  expect(Object.keys(ROUTES).sort()).toEqual([...ROUTE_NAMES].sort());
  for (const name of ROUTE_NAMES) {
    const plan = planFor(name, 'Admin', fixtures);
    if (!plan) continue;
    // Each visited address is its route's (not another's by a slip in the table)...
    expect(new URL(plan.url, 'http://x').pathname, name).toMatch(pattern(paths[name]));
    // ...and axe reads it as a role that opens it.
    const owner = axeOwner(name, fixtures);
    expect(owner && planFor(name, owner, fixtures)?.opens, `${name}: axe as ${owner}`).toBe(true);
  }
});

for (const role of ROLES) {
  test(`every route as ${role === 'guest' ? 'a guest' : `the ${role}`} fits 360 and 1366 px, lands where its guards send it, and passes axe`, async ({
    browser,
    baseURL,
  }) => {
    // 1.3 to 1.7 min each on this 2-core machine with the load average at 10 to 20.
    test.setTimeout(300_000);
    expect(await visitAll(browser, baseURL!, role)).toEqual([]);
  });
}
