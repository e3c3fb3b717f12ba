// What several specs need to set up: unique names, the demo accounts, signing in and out, and
// verified members with a tagname made through the API the way a person makes them (register,
// the mailed link, a tagname).
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** The demo accounts' password (api/src/seed). */
export const DEMO_PASSWORD = 'wayfarer-demo';

/** The seeded service categories, in the order the site lists them. */
export const SEEDED_CATEGORIES = [
  'Travel Agent',
  'Tour Guide',
  'Hotel Manager',
  'Chef',
  'Travel Consultant',
  'Photographer',
  'Wedding Planner',
  'Events Specialist',
];

let counter = 0;
/** A string no other test in this run produces. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

interface Mail {
  to: string;
  text: string;
  created_at: string;
}

/**
 * The link under `pathPrefix` in the newest mail to `to` sent after `after` (an ISO time), from
 * the development outbox; waits for it to arrive.
 */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  pathPrefix: string,
  after = '',
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mail');
        expect(response.status()).toBe(200);
        const { data } = (await response.json()) as { data: Mail[] };
        const pattern = new RegExp(`https?://[^\\s"'<>]*${pathPrefix}[^\\s"'<>]*`);
        for (const mail of data) {
          if (mail.to.toLowerCase() !== to.toLowerCase() || mail.created_at <= after) continue;
          const match = pattern.exec(mail.text);
          if (match) {
            link = match[0].replace(/[.,;)]+$/, '');
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a ${pathPrefix} link`, timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

export interface Member {
  id: string;
  name: string;
  email: string;
  tagname: string;
  token: string;
}

/** A new member with a verified email address and a tagname (`<prefix>_<unique>`). */
export async function createMember(
  request: APIRequestContext,
  options: { name: string; password: string; prefix: string; role?: string },
): Promise<Member> {
  const { name, password, prefix, role = 'Customer' } = options;
  const id = unique();
  const email = `${prefix}-${id}@example.test`;
  const registered = await request.post('/api/register', {
    data: { full_name: name, email, password, password_confirmation: password, role },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
  const headers = { authorization: `Bearer ${token}` };
  const link = new URL(await mailedLink(request, email, '/email/verify/'));
  const verified = await request.post(`/api/email/verify/${encodeURIComponent(user.id)}`, {
    headers,
    data: {
      expires: link.searchParams.get('expires'),
      signature: link.searchParams.get('signature'),
    },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const tagname = `${prefix}_${id}`.slice(0, 30);
  const named = await request.put('/api/user/tagname', { headers, data: { tagname } });
  expect(named.status(), await named.text()).toBe(200);
  return { id: user.id, name, email, tagname, token };
}

/** `POST /api/login` (or `path`, the admin's login), which must answer 200: its token and user. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
  path = '/api/login',
) {
  const response = await request.post(path, { data: { email, password, remember: false } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    token: string;
    user: { id: string; email_verified_at: string | null };
  };
}

/**
 * Signs `page` in the way a returning visitor is: a `token` cookie from an earlier session (the
 * login at `path`). Returns the token.
 */
export async function signInWithCookie(
  page: Page,
  baseURL: string | undefined,
  email: string,
  password = DEMO_PASSWORD,
  path = '/api/login',
): Promise<string> {
  const { token } = await apiLogin(page.request, email, password, path);
  await page.context().addCookies([{ name: 'token', value: token, url: new URL(baseURL!).origin }]);
  return token;
}

/** Logs out from a member area's navigation and confirms in the modal (which leads to /login). */
export async function logOutOfArea(page: Page, area = 'Customer area'): Promise<void> {
  await page
    .getByRole('navigation', { name: area })
    .getByRole('button', { name: 'Logout' })
    .click();
  await page.getByRole('button', { name: 'Yes Logout' }).click();
}

/** Signs a browser context in with a session of its own (as a device would) and opens a page. */
export async function signIn(
  context: BrowserContext,
  baseURL: string,
  email: string,
  password: string,
): Promise<Page> {
  const page = await context.newPage();
  const login = await page.request.post('/api/login', {
    data: { email, password, remember: false },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  return page;
}

/** What axe reads: the whole page (default), only `include`, or all of it but `exclude`. */
export interface AxeScope {
  include?: string;
  exclude?: string;
}

/** axe's serious and critical violations on the page as it is, as readable lines. */
export async function seriousAxeViolations(
  page: Page,
  what = '',
  tags?: string[],
  scope: AxeScope = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (tags) builder = builder.withTags(tags);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${what ? `${what}: ` : ''}${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

/** No serious or critical WCAG 2 A/AA violation from axe on the page as it is. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page, what, ['wcag2a', 'wcag2aa'])).toEqual([]);
}
