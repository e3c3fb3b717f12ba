import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadDesign } from '@wayfarer/design-docs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import { createMaintenance, RESERVATION_GRACE_MS } from '../src/jobs/housekeeping';
import { client, DEMO_PASSWORD, newAccount, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

const DAY_MS = 86_400_000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-upkeep-'));
let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({}, dataDir);
  api = client(server);
});
afterAll(() => server.close());

/** The upkeep of the running server's database, with a clock moved by `offsetMs`. */
const upkeepAt = (offsetMs: number) =>
  createMaintenance(server.deps, { intervalMs: 3_600_000, now: () => Date.now() + offsetMs });

const users = () => server.deps.couch.db<Record<string, unknown>>('users');
const exists = (id: string) =>
  users()
    .head(id)
    .then(
      () => true,
      () => false,
    );
const userIdOf = async (email: string) =>
  ((await users().get(`email:${email}`)) as unknown as { user_id: string }).user_id;

describe('user database design documents', () => {
  it(
    'are brought up to date when the API starts, without a login',
    { timeout: 120_000 },
    async () => {
      const sofia = await userIdOf('sofia@wayfarer.test');
      const db = server.deps.couch.server.use<Record<string, unknown>>(
        userDbName(server.deps.couch, sofia),
      );
      const current = (await db.get('_design/app')) as unknown as {
        _rev: string;
        views: Record<string, unknown>;
        meta: { hash: string };
      };
      // An older version, as an earlier release of the API left it.
      await db.insert({
        ...current,
        views: { by_type: current.views.by_type },
        meta: { hash: 'an-older-version' },
      } as never);

      await server.close();
      server = await startTestServer({}, dataDir);
      api = client(server);
      await server.maintenance.idle();

      const expected = (await loadDesign())
        .find((d) => d.database === 'userdb')!
        .designDocs.find((d) => d._id === '_design/app')!;
      const updated = (await server.deps.couch.server
        .use(userDbName(server.deps.couch, sofia))
        .get('_design/app')) as unknown as { meta: { hash: string }; views: object };
      expect(updated.meta.hash).toBe(expected.meta.hash);
      expect(Object.keys(updated.views).sort()).toEqual(Object.keys(expected.views!).sort());
    },
  );
});

describe('reservations that belong to no account', () => {
  it('are released after the grace period, so the address and the name can be claimed', async () => {
    const email = `orphan${Date.now()}@example.com`;
    const tagname = `ghost_${Date.now().toString(36)}`;
    const sofia = await userIdOf('sofia@wayfarer.test');
    const now = new Date().toISOString();
    // A registration whose roll-back failed, and a tagname change that did not release the old
    // name (sofia is sofia_marin): both reservations point at no account that holds them.
    await users().insert({
      _id: `email:${email}`,
      type: 'email',
      user_id: 'gone',
      created_at: now,
    });
    await users().insert({
      _id: `tagname:${tagname}`,
      type: 'tagname',
      user_id: sofia,
      created_at: now,
    });

    // Within the grace period they may belong to a registration under way: kept.
    await upkeepAt(0).runOnce();
    expect(await exists(`email:${email}`)).toBe(true);
    expect(await exists(`tagname:${tagname}`)).toBe(true);

    await upkeepAt(RESERVATION_GRACE_MS + 60_000).runOnce();
    expect(await exists(`email:${email}`)).toBe(false);
    expect(await exists(`tagname:${tagname}`)).toBe(false);
    // Reservations of real accounts stay.
    expect(await exists('email:sofia@wayfarer.test')).toBe(true);
    expect(await exists('tagname:sofia_marin')).toBe(true);

    const registered = await api.post<Session>('/api/register', {
      body: newAccount({ email }),
    });
    expect(registered.status).toBeLessThan(300);
    const owner = await users().get(`user:${await userIdOf(email)}`);
    expect(owner).toMatchObject({ email });

    const login = await api.post<Session>('/api/login', {
      body: { email: 'sofia@wayfarer.test', password: DEMO_PASSWORD },
    });
    const renamed = await api.put('/api/user/tagname', {
      token: login.body.token,
      body: { tagname },
    });
    expect(renamed.status).toBe(200);
    await api.put('/api/user/tagname', {
      token: login.body.token,
      body: { tagname: 'sofia_marin' },
    });
  });
});

describe('ended sessions and password-reset tokens', () => {
  it('are purged by one run once their retention is over; live ones stay', async () => {
    const account = newAccount();
    expect((await api.post('/api/register', { body: account })).status).toBeLessThan(300);
    const login = (remember: boolean) =>
      api.post<Session>('/api/login', {
        body: { email: account.email, password: account.password, remember },
      });
    const day = (await login(false)).body; // ends in 24 hours
    const year = (await login(true)).body; // ends in a year
    const loggedOut = (await login(false)).body;
    expect((await api.post('/api/logout', { token: loggedOut.token })).status).toBeLessThan(300);
    const sessionOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string })
        .sid;
    const [daySession, yearSession, outSession] = [day, year, loggedOut].map((s) =>
      sessionOf(s.token),
    );

    const userId = day.user.id;
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    const reset = (id: string, expires: string, used: string | null) =>
      users().insert({
        _id: `pwreset:${id}`,
        type: 'password_reset',
        user_id: userId,
        email: account.email,
        expires_at: expires,
        used_at: used,
      });
    await reset(`expired-${userId}`, at(-2 * DAY_MS), null);
    await reset(`used-${userId}`, at(-DAY_MS + 3_600_000), at(-2 * DAY_MS));
    await reset(`live-${userId}`, at(3_600_000), null);

    await upkeepAt(0).runOnce();
    expect(await exists(`pwreset:expired-${userId}`)).toBe(false);
    expect(await exists(`pwreset:used-${userId}`)).toBe(false);
    expect(await exists(`pwreset:live-${userId}`)).toBe(true);
    for (const sid of [daySession, yearSession, outSession])
      expect(await exists(`session:${sid}`)).toBe(true);

    // Eight days on: the day's session and the logged-out one ended over a week ago.
    await upkeepAt(8 * DAY_MS + 3_600_000).runOnce();
    expect(await exists(`session:${daySession}`)).toBe(false);
    expect(await exists(`session:${outSession}`)).toBe(false);
    expect(await exists(`session:${yearSession}`)).toBe(true);
    expect((await api.get('/api/user', { token: year.token })).status).toBe(200);
    expect((await api.get('/api/user', { token: day.token })).status).toBe(401);
  });
});
