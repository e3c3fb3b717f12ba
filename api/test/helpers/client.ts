import type { TestServer } from './server';

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** JSON requests against a test server, with an optional bearer token. */
export function client(server: TestServer) {
  const call = async <T = Record<string, unknown>>(
    method: string,
    pathname: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await server.request(pathname, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
  };
  return {
    get: <T = Record<string, unknown>>(p: string, o?: Parameters<typeof call>[2]) =>
      call<T>('GET', p, o),
    post: <T = Record<string, unknown>>(p: string, o?: Parameters<typeof call>[2]) =>
      call<T>('POST', p, o),
    put: <T = Record<string, unknown>>(p: string, o?: Parameters<typeof call>[2]) =>
      call<T>('PUT', p, o),
    patch: <T = Record<string, unknown>>(p: string, o?: Parameters<typeof call>[2]) =>
      call<T>('PATCH', p, o),
    delete: <T = Record<string, unknown>>(p: string, o?: Parameters<typeof call>[2]) =>
      call<T>('DELETE', p, o),
  };
}

let counter = 0;
/** A unique, valid registration body. */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const email = `person${Date.now()}${counter}@example.com`;
  return {
    full_name: 'Test Person',
    email,
    password: 'a-good-password',
    password_confirmation: 'a-good-password',
    role: 'Customer',
    ...overrides,
  };
}

export interface Session {
  token: string;
  user: {
    id: string;
    email: string;
    tagname: string | null;
    email_verified_at: string | null;
    avatar: string | null;
    cv: string | null;
  };
  expires_at: string;
  session_expires_at: string;
}

/** The password of every seeded demo account. */
export const DEMO_PASSWORD = 'wayfarer-demo';

/** Logs in seeded demo members by name (`amara` is amara@wayfarer.test): their sessions. */
export async function demoSessions<K extends string>(
  api: ReturnType<typeof client>,
  names: readonly K[],
): Promise<Record<K, Session>> {
  const sessions = {} as Record<K, Session>;
  for (const name of names) {
    const res = await api.post<Session>('/api/login', {
      body: { email: `${name}@wayfarer.test`, password: DEMO_PASSWORD },
    });
    if (res.status !== 200) throw new Error(`demo login ${name}: ${res.status}`);
    sessions[name] = res.body;
  }
  return sessions;
}

/** The same, each member's access token only. */
export async function demoTokens<K extends string>(
  api: ReturnType<typeof client>,
  names: readonly K[],
): Promise<Record<K, string>> {
  const sessions = await demoSessions(api, names);
  return Object.fromEntries(names.map((n) => [n, sessions[n].token])) as Record<K, string>;
}

/** Latest mail to an address from the local outbox, via the dev endpoint. */
export async function latestMail(server: TestServer, to: string) {
  const res = await server.request('/api/dev/mail');
  const { data } = (await res.json()) as { data: { to: string; subject: string; text: string }[] };
  return data.find((m) => m.to === to);
}

/**
 * The newest mail to an address with this subject, waiting (up to 10 s) for it: some mail is sent
 * after the answer (password reset, registration attempts), so it may not be there yet.
 */
export async function waitForMail(server: TestServer, to: string, subject: string | RegExp) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await server.request('/api/dev/mail');
    const { data } = (await res.json()) as {
      data: { to: string; subject: string; text: string; html: string }[];
    };
    const mail = data.find(
      (m) =>
        m.to === to &&
        (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${String(subject)}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link in a mail's text that points at the app. */
export function linkIn(text: string): URL {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return new URL(match[1]!);
}
