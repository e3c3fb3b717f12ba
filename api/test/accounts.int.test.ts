import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import {
  client,
  DEMO_PASSWORD,
  latestMail,
  linkIn,
  newAccount,
  waitForMail,
  type Session,
} from './helpers/client';

const EMAIL_UNAVAILABLE =
  'We could not create an account with this email address. If you already have an account, log in or reset your password.';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
});
afterAll(() => server.close());

async function register(overrides: Record<string, unknown> = {}) {
  const body = newAccount(overrides);
  const res = await api.post<Session>('/api/register', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, password: body.password, email: body.email };
}

async function verify(email: string) {
  const mail = await latestMail(server, email);
  const link = linkIn(mail!.text);
  const id = link.pathname.split('/').pop()!;
  return api.post(`/api/email/verify/${id}`, {
    body: {
      expires: link.searchParams.get('expires'),
      signature: link.searchParams.get('signature'),
    },
  });
}

describe('POST /api/register', () => {
  it('creates the account, its database, a session and sends the verification mail', async () => {
    const session = await register({ role: 'Agent', full_name: 'Nadia Rahman' });
    expect(session.token).toMatch(/^ey/);
    expect(session.user).toMatchObject({
      role: 'Agent',
      full_name: 'Nadia Rahman',
      tagname: null,
      email_verified_at: null,
    });
    const me = await api.get<{
      user: { email: string };
      projects: unknown[];
      wishlists: unknown[];
    }>('/api/user', {
      token: session.token,
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email: session.email }, projects: [], wishlists: [] });

    const db = await server.deps.couch.server.db.get(
      userDbName(server.deps.couch, session.user.id),
    );
    expect(db.db_name).toBe(userDbName(server.deps.couch, session.user.id));
    const security = (await server.deps.couch.server.request({
      db: userDbName(server.deps.couch, session.user.id),
      path: '_security',
    })) as {
      members: { names: string[]; roles: string[] };
    };
    expect(security.members).toEqual({
      names: [server.deps.couch.gatewayUser],
      roles: ['_admin'],
    });

    const mail = await latestMail(server, session.email);
    expect(mail?.subject).toBe('Confirm your email address');
    expect(linkIn(mail!.text).pathname).toBe(`/email/verify/${session.user.id}`);
  });

  it('names every missing or malformed field (422)', async () => {
    const res = await api.post<{ message: string; errors: Record<string, string[]> }>(
      '/api/register',
      { body: {} },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The given data was invalid.');
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'email',
      'full_name',
      'password',
      'password_confirmation',
      'role',
    ]);

    const bad = await api.post<{ errors: Record<string, string[]> }>('/api/register', {
      body: newAccount({
        email: 'not-an-email',
        password: 'short',
        password_confirmation: 'short',
        role: 'Admin',
      }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['Enter a valid email address.']);
    expect(bad.body.errors.password?.[0]).toMatch(/at least 8/);
    expect(bad.body.errors.role).toBeDefined();

    const mismatch = await api.post<{ errors: Record<string, string[]> }>('/api/register', {
      body: newAccount({ password_confirmation: 'something-else' }),
    });
    expect(mismatch.body.errors.password_confirmation).toEqual([
      'The password confirmation does not match.',
    ]);
  });

  it('refuses a body that is not JSON (415) or not valid JSON (400)', async () => {
    expect(
      (
        await api.post('/api/register', {
          body: 'x=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await api.post('/api/register', {
          body: '{"broken',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });

  it('treats emails case-insensitively and keeps them unique', async () => {
    const first = await register();
    const again = await api.post<{ errors: Record<string, string[]> }>('/api/register', {
      body: newAccount({ email: first.email.toUpperCase() }),
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual([EMAIL_UNAVAILABLE]);
  });

  it('does not confirm that an address has an account; its owner is told by mail', async () => {
    const owner = await register({ full_name: 'Priya Owner' });
    const taken = await api.post<{ message: string; errors: Record<string, string[]> }>(
      '/api/register',
      { body: newAccount({ email: owner.email, full_name: 'Someone Else' }) },
    );
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({
      message: 'The given data was invalid.',
      errors: { email: [EMAIL_UNAVAILABLE] },
    });
    expect(JSON.stringify(taken.body)).not.toMatch(/already registered|exists/i);
    const mail = await waitForMail(
      server,
      owner.email,
      'Someone tried to register with your email address',
    );
    // About the attempt only: no name, no account details, no token.
    expect(mail.text).not.toContain('Priya');
    expect(mail.text).not.toContain('Someone Else');
    expect(mail.text).toContain(`${server.url}/password/reset`);
  });

  it('lets exactly one of two concurrent registrations with the same email win', async () => {
    const body = newAccount();
    const other = (password: string) => ({
      password,
      password_confirmation: password,
    });
    const results = await Promise.all([
      api.post('/api/register', { body }),
      api.post('/api/register', {
        body: { ...body, full_name: 'Someone Else', ...other('another-password') },
      }),
      api.post('/api/register', {
        body: { ...body, email: body.email.toUpperCase(), ...other('a-third-password') },
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
  });

  // The same form sent twice at once (a double tap): the second either completes the same
  // account's setup (same address and password, the rule for a registration that stopped
  // half-way) or is refused as taken, by timing; never a second account.
  it('a registration sent twice at once makes one account', async () => {
    const body = newAccount();
    const results = await Promise.all([
      api.post<Session>('/api/register', { body }),
      api.post<Session>('/api/register', { body }),
    ]);
    const won = results.filter((r) => r.status === 201);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(results.filter((r) => r.status !== 201).map((r) => r.status)).toEqual(
      Array(2 - won.length).fill(422),
    );
    expect(new Set(won.map((r) => r.body.user.id)).size).toBe(1);
  });
});

describe('POST /api/login and tokens', () => {
  it('logs in; remember keeps the session 365 days, otherwise 24 hours; the token lives an hour', async () => {
    const account = await register();
    const remembered = await api.post<Session>('/api/login', {
      body: { email: account.email.toUpperCase(), password: account.password, remember: true },
    });
    expect(remembered.status).toBe(200);
    const days = (Date.parse(remembered.body.session_expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    const tokenMinutes = (Date.parse(remembered.body.expires_at) - Date.now()) / 60_000;
    expect(tokenMinutes).toBeGreaterThan(55);
    expect(tokenMinutes).toBeLessThanOrEqual(60);

    const session = await api.post<Session>('/api/login', {
      body: { email: account.email, password: account.password },
    });
    const hours = (Date.parse(session.body.session_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('answers a wrong password and an unknown email identically (422 on email)', async () => {
    const account = await register();
    const wrong = await api.post('/api/login', {
      body: { email: account.email, password: 'wrong-password' },
    });
    const unknown = await api.post('/api/login', {
      body: { email: 'nobody-here@example.com', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('refuses forged, malformed and expired tokens with 401', async () => {
    const account = await register();
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.user.id)
      .setIssuer('wayfarer-market')
      .setAudience('wayfarer-market')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-completely-different-secret-of-enough-length'));
    expect((await api.get('/api/user', { token: forged })).status).toBe(401);
    expect((await api.get('/api/user', { token: 'not.a.token' })).status).toBe(401);
    // The unsigned-algorithm trick.
    const [, payload] = account.token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await api.get('/api/user', { token: none })).status).toBe(401);

    const secret = new TextEncoder().encode(
      (await readFile(path.join(server.dataDir, 'jwt-secret'), 'utf8')).trim(),
    );
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string };
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.user.id)
      .setIssuer('wayfarer-market')
      .setAudience('wayfarer-market')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    const res = await api.get<{ message: string }>('/api/user', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);

    // ...but its live session can exchange it for a fresh one.
    const refreshed = await api.post<{ token: string }>('/api/token/refresh', { token: expired });
    expect(refreshed.status).toBe(200);
    expect((await api.get('/api/user', { token: refreshed.body.token })).status).toBe(200);
  });

  it('revokes the session on logout: the token and refresh both get 401', async () => {
    const account = await register();
    expect((await api.post('/api/logout', { token: account.token })).status).toBe(204);
    expect((await api.get('/api/user', { token: account.token })).status).toBe(401);
    expect((await api.post('/api/token/refresh', { token: account.token })).status).toBe(401);
    expect((await api.get('/api/user')).status).toBe(401);
  });

  it('repairs a missing user database at login', async () => {
    const account = await register();
    await server.deps.couch.server.db.destroy(userDbName(server.deps.couch, account.user.id));
    await api.post('/api/login', { body: { email: account.email, password: account.password } });
    expect(
      (await server.deps.couch.server.db.get(userDbName(server.deps.couch, account.user.id)))
        .db_name,
    ).toBe(userDbName(server.deps.couch, account.user.id));
  });
});

describe('Cache-Control on account answers', () => {
  it('is no-store on every answer that carries a token or the account, errors included', async () => {
    const body = newAccount();
    const answers: [string, { status: number; headers: Headers }][] = [];
    const registered = await api.post<Session>('/api/register', { body });
    answers.push(['register', registered]);
    const token = registered.body.token;
    const login = { email: body.email, password: body.password };
    answers.push(['login', await api.post('/api/login', { body: login })]);
    answers.push([
      'login, wrong password',
      await api.post('/api/login', { body: { ...login, password: 'not-the-password' } }),
    ]);
    answers.push([
      'admin login',
      await api.post('/api/admin/login', {
        body: { email: 'admin@wayfarer.test', password: DEMO_PASSWORD },
      }),
    ]);
    answers.push(['refresh', await api.post('/api/token/refresh', { token })]);
    answers.push(['GET user', await api.get('/api/user', { token })]);
    answers.push([
      'PATCH user',
      await api.patch('/api/user', { token, body: { bio: 'Travels light.' } }),
    ]);
    answers.push([
      'password mail',
      await api.post('/api/password/email', { body: { email: body.email } }),
    ]);
    answers.push([
      'password reset',
      await api.post('/api/password/reset', {
        body: {
          token: 'x'.repeat(43),
          email: body.email,
          password: 'p4ssword-new',
          password_confirmation: 'p4ssword-new',
        },
      }),
    ]);
    answers.push([
      'password change',
      await api.put('/api/user/password', {
        token,
        body: {
          current_password: body.password,
          password: 'another-good-password',
          password_confirmation: 'another-good-password',
        },
      }),
    ]);
    for (const [name, res] of answers) {
      expect(res.headers.get('cache-control'), `${name} (${res.status})`).toBe('no-store');
    }
    expect(answers.map(([, res]) => res.status)).toEqual([
      201, 200, 422, 200, 200, 200, 200, 200, 422, 200,
    ]);
  });
});

describe('POST /api/admin/login', () => {
  it('refuses non-admins with 403 and lets admins in', async () => {
    const customer = await api.post<{ message: string }>('/api/admin/login', {
      body: { email: 'sofia@wayfarer.test', password: 'wayfarer-demo' },
    });
    expect(customer.status).toBe(403);
    expect(customer.body.message).toMatch(/administrators only/);
    const admin = await api.post<Session & { user: { role: string } }>('/api/admin/login', {
      body: { email: 'admin@wayfarer.test', password: 'wayfarer-demo' },
    });
    expect(admin.status).toBe(200);
    expect(admin.body.user.role).toBe('Admin');
    expect(
      (
        await api.post('/api/admin/login', {
          body: { email: 'admin@wayfarer.test', password: 'nope-nope' },
        })
      ).status,
    ).toBe(422);
  });
});

describe('email verification', () => {
  it('verifies with the mailed link; a tampered or expired link is refused', async () => {
    const account = await register();
    const mail = await latestMail(server, account.email);
    const link = linkIn(mail!.text);
    const expires = link.searchParams.get('expires')!;
    const signature = link.searchParams.get('signature')!;

    const tampered = await api.post(`/api/email/verify/${account.user.id}`, {
      body: { expires: Number(expires) + 1000, signature },
    });
    expect(tampered.status).toBe(403);
    const otherUser = await register();
    expect(
      (await api.post(`/api/email/verify/${otherUser.user.id}`, { body: { expires, signature } }))
        .status,
    ).toBe(403);
    expect((await api.post(`/api/email/verify/${account.user.id}`, { body: {} })).status).toBe(422);

    expect((await verify(account.email)).status).toBe(200);
    const me = await api.get<{ user: { email_verified_at: string | null } }>('/api/user', {
      token: account.token,
    });
    expect(me.body.user.email_verified_at).not.toBeNull();
  });

  it('resends a link (202) to a signed-in unverified user', async () => {
    const account = await register();
    const res = await api.post('/api/email/resend', { token: account.token });
    expect(res.status).toBe(202);
    expect((await api.post('/api/email/resend')).status).toBe(401);
  });
});

describe('password recovery and change', () => {
  it('answers the same whether or not the address exists, and resets once with the mailed token', async () => {
    const account = await register();
    const known = await api.post('/api/password/email', { body: { email: account.email } });
    const unknown = await api.post('/api/password/email', {
      body: { email: 'nobody-at-all@example.com' },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const link = linkIn((await waitForMail(server, account.email, 'Reset your password')).text);
    expect(link.pathname).toMatch(/^\/password\/reset\//);
    const token = link.pathname.split('/').pop()!;
    const body = {
      token,
      email: account.email,
      password: 'a-brand-new-password',
      password_confirmation: 'a-brand-new-password',
    };

    const wrongEmail = await api.post('/api/password/reset', {
      body: { ...body, email: 'other@example.com' },
    });
    expect(wrongEmail.status).toBe(422);
    expect((await api.post('/api/password/reset', { body })).status).toBe(200);
    const again = await api.post<{ errors: Record<string, string[]> }>('/api/password/reset', {
      body,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.token?.[0]).toMatch(/invalid or has expired/);

    // Old sessions are gone; the new password works and the old one does not.
    expect((await api.get('/api/user', { token: account.token })).status).toBe(401);
    expect(
      (await api.post('/api/login', { body: { email: account.email, password: account.password } }))
        .status,
    ).toBe(422);
    expect(
      (
        await api.post('/api/login', {
          body: { email: account.email, password: 'a-brand-new-password' },
        })
      ).status,
    ).toBe(200);
  });

  it('answers before any work that only an account needs: a held mailer does not hold the answer', async () => {
    const account = await register();
    // A mailer whose send waits until the test lets it go, however long that takes.
    const realMailer = server.deps.mailer;
    const sending: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.deps.mailer = {
      local: realMailer.local,
      outbox: () => realMailer.outbox(),
      async send(mail) {
        sending.push(mail.to);
        await held;
        await realMailer.send(mail);
      },
    };
    try {
      let answer: Awaited<ReturnType<typeof api.post>> | undefined;
      const request = api
        .post('/api/password/email', { body: { email: account.email } })
        .then((res) => (answer = res));
      // The mail is on its way, and held; the answer came anyway.
      await vi.waitFor(() => expect(sending).toContain(account.email), { timeout: 10_000 });
      await vi.waitFor(() => expect(answer).toBeDefined(), { timeout: 10_000 });
      await request;
      const unknown = await api.post('/api/password/email', {
        body: { email: 'nobody-at-all@example.com' },
      });
      // The same answer, in status, body and headers that matter.
      expect(answer!.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(answer!.body).toEqual(unknown.body);
      for (const header of ['content-type', 'cache-control'])
        expect(answer!.headers.get(header)).toBe(unknown.headers.get(header));
      expect(sending).toEqual([account.email]);
    } finally {
      release();
      server.deps.mailer = realMailer;
    }
    await waitForMail(server, account.email, 'Reset your password');
  });

  it('refuses an expired reset token', async () => {
    const account = await register();
    await api.post('/api/password/email', { body: { email: account.email } });
    const token = linkIn((await waitForMail(server, account.email, 'Reset your password')).text)
      .pathname.split('/')
      .pop()!;
    const users = server.deps.couch.db<{ expires_at: string }>('users');
    const { createHash } = await import('node:crypto');
    const id = `pwreset:${createHash('sha256').update(token).digest('hex')}`;
    const doc = await users.get(id);
    await users.insert({ ...doc, expires_at: new Date(Date.now() - 1000).toISOString() });
    const res = await api.post('/api/password/reset', {
      body: {
        token,
        email: account.email,
        password: 'another-password',
        password_confirmation: 'another-password',
      },
    });
    expect(res.status).toBe(422);
  });

  it('changes the password with the current one; other sessions get 401, this one continues', async () => {
    const account = await register();
    const other = await api.post<Session>('/api/login', {
      body: { email: account.email, password: account.password },
    });
    const wrong = await api.put<{ errors: Record<string, string[]> }>('/api/user/password', {
      token: account.token,
      body: {
        current_password: 'not-it-at-all',
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toBeDefined();

    const ok = await api.put('/api/user/password', {
      token: account.token,
      body: {
        current_password: account.password,
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
    });
    expect(ok.status).toBe(200);
    expect((await api.get('/api/user', { token: other.body.token })).status).toBe(401);
    expect((await api.get('/api/user', { token: account.token })).status).toBe(200);
    expect((await latestMail(server, account.email))?.subject).toBe('Your password was changed');
  });
});

describe('profile, tagname and files', () => {
  it('updates profile fields and names bad ones', async () => {
    const account = await register();
    const ok = await api.patch<{ user: Record<string, unknown> }>('/api/user', {
      token: account.token,
      body: {
        full_name: 'Ines Duarte',
        bio: 'Guide in Lisbon.',
        expertise: 'Tour Guide',
        location: 'Lisbon',
        languages: ['Portuguese', 'English'],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({
      full_name: 'Ines Duarte',
      expertise: 'Tour Guide',
      languages: ['Portuguese', 'English'],
    });
    const bad = await api.patch<{ errors: Record<string, string[]> }>('/api/user', {
      token: account.token,
      body: { full_name: 'x'.repeat(100), languages: 'English' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['full_name', 'languages']);
    expect((await api.patch('/api/user', { body: { full_name: 'Nope' } })).status).toBe(401);
  });

  it('claims a unique tagname, checks availability, and releases the old one on change', async () => {
    const a = await register();
    const b = await register();
    const tag = `guide_${Date.now().toString(36)}`;
    const free = await api.get<{ available: boolean }>(
      `/api/tagname/availability?tagname=${tag.toUpperCase()}`,
      { token: a.token },
    );
    expect(free.body).toEqual({ tagname: tag, available: true });
    expect(
      (await api.put('/api/user/tagname', { token: a.token, body: { tagname: tag } })).status,
    ).toBe(200);
    const taken = await api.put<{ errors: Record<string, string[]> }>('/api/user/tagname', {
      token: b.token,
      body: { tagname: tag },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.tagname).toEqual(['This tagname is already taken.']);
    expect(
      (
        await api.get<{ available: boolean }>(`/api/tagname/availability?tagname=${tag}`, {
          token: b.token,
        })
      ).body.available,
    ).toBe(false);
    expect(
      (await api.put('/api/user/tagname', { token: b.token, body: { tagname: 'No Spaces!' } }))
        .status,
    ).toBe(422);
    expect((await api.get(`/api/tagname/availability?tagname=ab`, { token: b.token })).status).toBe(
      422,
    );

    await api.put('/api/user/tagname', { token: a.token, body: { tagname: `${tag}_2` } });
    expect(
      (await api.put('/api/user/tagname', { token: b.token, body: { tagname: tag } })).status,
    ).toBe(200);
  });

  it('lets exactly one of two concurrent claims of a tagname win', async () => {
    const a = await register();
    const b = await register();
    const tag = `race_${Date.now().toString(36)}`;
    const results = await Promise.all([
      api.put('/api/user/tagname', { token: a.token, body: { tagname: tag } }),
      api.put('/api/user/tagname', { token: b.token, body: { tagname: tag } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('shows public profiles by tagname without private fields', async () => {
    const res = await api.get<Record<string, unknown>>('/api/user/amara_guides');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tagname: 'amara_guides',
      role: 'Agent',
      full_name: 'Amara Diallo',
    });
    for (const field of ['email', 'password_hash', 'status', 'session_version', 'cv'])
      expect(res.body).not.toHaveProperty(field);
    expect((await api.get('/api/user/no_such_person_here')).status).toBe(404);
  });

  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (pathname: string, token: string, data: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    return server.request(pathname, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it('stores an avatar checked by content and serves it with long cache headers', async () => {
    const account = await register();
    const res = await upload('/api/user/avatar', account.token, png, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { avatar: string } };
    expect(user.avatar).toMatch(/^\/api\/files\/avatar\/.+\?v=/);
    const file = await server.request(user.avatar);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses a non-image named .png (415), an oversized image (413) and a CV that is not a PDF', async () => {
    const account = await register();
    const fake = await upload(
      '/api/user/avatar',
      account.token,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'x.png',
      'image/png',
    );
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as { message: string }).message).toMatch(/PNG, JPEG or WebP/);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect(
      (await upload('/api/user/avatar', account.token, big, 'big.png', 'image/png')).status,
    ).toBe(413);
    expect(
      (await upload('/api/user/cv', account.token, png, 'cv.pdf', 'application/pdf')).status,
    ).toBe(415);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const cv = await upload('/api/user/cv', account.token, pdf, 'cv.pdf', 'application/pdf');
    expect(cv.status).toBe(200);
    expect((await upload('/api/user/avatar', '', png, 'me.png', 'image/png')).status).toBe(401);
    const missing = new FormData();
    const noFile = await server.request('/api/user/avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
      body: missing,
    });
    expect(noFile.status).toBe(422);
  });
  it('serves a CV to its owner and admins only; avatars stay public', async () => {
    const owner = await register();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const uploaded = await upload('/api/user/cv', owner.token, pdf, 'cv.pdf', 'application/pdf');
    expect(uploaded.status).toBe(200);
    const { user } = (await uploaded.json()) as { user: { cv: string } };
    expect(user.cv).toMatch(new RegExp(`^/api/files/cv/${owner.user.id}\\?v=`));
    const fetchCv = (token?: string, pathname = user.cv) =>
      server.request(pathname, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    const guest = await fetchCv();
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ message: 'Log in to download this CV.' });
    // Without the version, too: the version is no password.
    expect((await fetchCv(undefined, `/api/files/cv/${owner.user.id}`)).status).toBe(401);
    const stranger = await register();
    const other = await fetchCv(stranger.token);
    expect(other.status).toBe(403);
    expect(((await other.json()) as { message: string }).message).toMatch(/owner and admin/);
    // Refused before the file is looked up: nothing tells a stranger whether a CV exists.
    expect((await fetchCv(stranger.token, `/api/files/cv/${owner.user.id}-x`)).status).toBe(403);
    expect((await fetchCv(stranger.token, `/api/files/cv/${stranger.user.id}`)).status).toBe(404);

    const admin = await api.post<Session>('/api/admin/login', {
      body: { email: 'admin@wayfarer.test', password: DEMO_PASSWORD },
    });
    for (const token of [owner.token, admin.body.token]) {
      const res = await fetchCv(token);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="cv.pdf"');
      expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    }

    const avatar = await upload('/api/user/avatar', owner.token, png, 'me.png', 'image/png');
    const avatarUrl = ((await avatar.json()) as { user: { avatar: string } }).user.avatar;
    const publicAvatar = await server.request(avatarUrl);
    expect(publicAvatar.status).toBe(200);
    expect(publicAvatar.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('DELETE /api/user', () => {
  it('needs the password, then removes the account, its sessions, files and database', async () => {
    const account = await register();
    const tag = `leaving_${Date.now().toString(36)}`;
    await api.put('/api/user/tagname', { token: account.token, body: { tagname: tag } });
    const wrong = await api.delete<{ errors: Record<string, string[]> }>('/api/user', {
      token: account.token,
      body: { password: 'nope-nope' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toBeDefined();

    expect(
      (
        await api.delete('/api/user', {
          token: account.token,
          body: { password: account.password },
        })
      ).status,
    ).toBe(204);
    expect((await api.get('/api/user', { token: account.token })).status).toBe(401);
    expect(
      (await api.post('/api/login', { body: { email: account.email, password: account.password } }))
        .status,
    ).toBe(422);
    expect((await api.get(`/api/user/${tag}`)).status).toBe(404);
    await expect(
      server.deps.couch.server.db.get(userDbName(server.deps.couch, account.user.id)),
    ).rejects.toMatchObject({ statusCode: 404 });
    // The email and tagname are free again.
    expect(
      (await api.post('/api/register', { body: newAccount({ email: account.email }) })).status,
    ).toBe(201);
  });
});

describe('outbox', () => {
  it('writes each mail as a JSON file under DATA_DIR/mail', async () => {
    expect(existsSync(path.join(server.dataDir, 'mail'))).toBe(true);
  });

  it('serves GET /api/dev/mail only to admins and to direct requests from this machine', async () => {
    // From 127.0.0.1 with no forwarding header: this machine (how the tests read their mail).
    expect((await api.get('/api/dev/mail')).status).toBe(200);
    // Relayed by a proxy on this machine: someone else's request.
    const relayedBy: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of relayedBy) {
      const res = await api.get<{ message: string; data?: unknown }>('/api/dev/mail', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.message).toMatch(/only for administrators/);
      expect(res.body.data).toBeUndefined();
    }
    // No socket at all (not a local peer).
    expect((await server.app.request('/api/dev/mail')).status).toBe(403);
    // A member from elsewhere is refused; an admin from anywhere is served.
    const relayed = { 'x-forwarded-for': '203.0.113.9' };
    const member = await register();
    expect((await api.get('/api/dev/mail', { token: member.token, headers: relayed })).status).toBe(
      403,
    );
    const admin = await api.post<Session>('/api/admin/login', {
      body: { email: 'admin@wayfarer.test', password: DEMO_PASSWORD },
    });
    expect(admin.status).toBe(200);
    const asAdmin = await api.get<{ data: unknown[] }>('/api/dev/mail', {
      token: admin.body.token,
      headers: relayed,
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.length).toBeGreaterThan(0);
  });
});
