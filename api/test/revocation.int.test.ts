import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import { startApiProcess, type ApiProcess } from './helpers/api-process';
import { client, latestMail, linkIn, newAccount, type Session } from './helpers/client';
import { openFeed, within, type OpenFeed } from './helpers/feeds';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * A revoked session's open sync feeds end at once, on every API instance: over real HTTP, with
 * the other instance a separate process on the same database. A message sent through one
 * instance is delivered through the other.
 */

const ADMIN = { email: 'root@example.com', password: 'admin-password-1' };
const JWT_SECRET = randomBytes(32).toString('hex');
/** How long a feed may take to end after the revoking request answered. */
const PROMPTLY_MS = 2_000;

let server: TestServer;
let api: ReturnType<typeof client>;
let admin: Session;

beforeAll(async () => {
  server = await startTestServer({
    SEED_DEMO: 'false',
    JWT_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  api = client(server);
  admin = (await api.post<Session>('/api/admin/login', { body: ADMIN })).body;
});
afterAll(() => server.close());

let counter = 0;
/** A private document written into the user's database by the server (as a delivery is). */
async function deliver(userId: string): Promise<string> {
  counter += 1;
  const id = `notification:private-${counter}-${Date.now()}`;
  await server.deps.couch.server.use(userDbName(server.deps.couch, userId)).insert({
    _id: id,
    type: 'notification',
    kind: 'message',
    title: 'A private message',
    body: 'Only for the signed-in owner',
    link: '/inbox',
    created_at: new Date().toISOString(),
    read_at: null,
  } as never);
  return id;
}

async function member() {
  const body = newAccount();
  const first = (await api.post<Session>('/api/register', { body })).body;
  const second = (
    await api.post<Session>('/api/login', { body: { email: body.email, password: body.password } })
  ).body;
  return { body, first, second };
}

/** Waits until this instance's gateway has the user's feed registered (it is open upstream). */
async function registered(userId: string) {
  const deadline = Date.now() + 10_000;
  while (server.deps.liveSessions.openCount(userId) === 0) {
    if (Date.now() > deadline) throw new Error('the feed was never opened');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type Revocation = (m: Awaited<ReturnType<typeof member>>) => Promise<void>;

/** An admin's change of the member (`PATCH /api/admin/users/{id}`). */
const adminChange =
  (body: Record<string, string>): Revocation =>
  async (m) => {
    const res = await api.patch(`/api/admin/users/${m.second.user.id}`, {
      token: admin.token,
      body,
    });
    expect(res.status).toBe(200);
  };

const revocations: [string, Revocation][] = [
  [
    'logout',
    async (m) => {
      expect((await api.post('/api/logout', { token: m.second.token })).status).toBe(204);
    },
  ],
  [
    'a password change from another device',
    async (m) => {
      const res = await api.put('/api/user/password', {
        token: m.first.token,
        body: {
          current_password: m.body.password,
          password: 'changed-password',
          password_confirmation: 'changed-password',
        },
      });
      expect(res.status).toBe(200);
    },
  ],
  ['suspension by an admin', adminChange({ status: 'suspended' })],
  ['a role change by an admin', adminChange({ role: 'Agent' })],
  [
    'deletion of the account by its owner',
    async (m) => {
      const res = await api.delete('/api/user', {
        token: m.first.token,
        body: { password: m.body.password },
      });
      expect(res.status).toBe(204);
    },
  ],
  [
    'deletion by an admin',
    async (m) => {
      const res = await api.delete(`/api/admin/users/${m.second.user.id}`, { token: admin.token });
      expect(res.status).toBe(204);
    },
  ],
];

async function expectEndedPromptly(feed: OpenFeed, revokedAt: number) {
  const ended = await within(feed.ended, PROMPTLY_MS, undefined);
  feed.close();
  expect(ended, 'the feed was still open').toBeDefined();
  expect(ended!.at - revokedAt).toBeLessThan(PROMPTLY_MS);
  return ended!;
}

/**
 * A long poll the revocation ended: a 401 in the error envelope if its answer had not started,
 * else an answer cut short; never a complete list of changes (that would be an end for another
 * reason, such as a document written by the revoking request itself).
 */
function expectClosedNotAnswered(ended: { how: string; status: number }, text: string) {
  if (ended.how === 'status') {
    expect(ended.status).toBe(401);
    expect(JSON.parse(text)).toEqual({ message: expect.any(String) });
  } else {
    expect(() => JSON.parse(text), text).toThrow();
  }
}

describe('revocation ends open feeds on this instance', () => {
  for (const [name, revoke] of revocations) {
    it(`${name}: a continuous feed ends at once and delivers nothing after`, async () => {
      const m = await member();
      const feed = await openFeed(server.url, m.second.token, 'continuous');
      // The feed is live: it delivers what arrives before the revocation.
      const before = await deliver(m.second.user.id);
      expect(await feed.delivered(before)).toBe(true);

      await revoke(m);
      const revokedAt = Date.now();
      const after = await deliver(m.second.user.id).catch(() => 'database deleted');
      await expectEndedPromptly(feed, revokedAt);
      expect(feed.text()).not.toContain(after);
      expect(
        (
          await server.request('/api/sync/db', {
            headers: { authorization: `Bearer ${m.second.token}` },
          })
        ).status,
      ).toBe(401);
    });

    it(`${name}: a long poll ends at once and delivers nothing after`, async () => {
      const m = await member();
      const feed = await openFeed(server.url, m.second.token, 'longpoll');
      await registered(m.second.user.id);

      await revoke(m);
      const revokedAt = Date.now();
      const after = await deliver(m.second.user.id).catch(() => 'database deleted');
      const ended = await expectEndedPromptly(feed, revokedAt);
      expect(feed.text()).not.toContain(after);
      expectClosedNotAnswered(ended, feed.text());
    });
  }

  it('a profile change does not end the feeds: they still deliver', async () => {
    const m = await member();
    const feed = await openFeed(server.url, m.second.token, 'continuous');
    const res = await api.patch('/api/user', {
      token: m.first.token,
      body: { full_name: 'Renamed Person' },
    });
    expect(res.status).toBe(200);
    const after = await deliver(m.second.user.id);
    expect(await feed.delivered(after)).toBe(true);
    feed.close();
    await feed.ended;
  });

  it('closes a revoked session feed on the server side (nothing left registered)', async () => {
    const m = await member();
    const feed = await openFeed(server.url, m.second.token, 'continuous');
    await registered(m.second.user.id);
    await api.post('/api/logout', { token: m.second.token });
    expect(server.deps.liveSessions.openCount(m.second.user.id)).toBe(0);
    await feed.ended;
  });
});

describe('revocation ends open feeds on every instance', () => {
  let other: ApiProcess;

  beforeAll(async () => {
    other = await startApiProcess({
      COUCH_URL: server.deps.couch.url,
      COUCH_DB_PREFIX: server.deps.env.COUCH_DB_PREFIX,
      JWT_SECRET,
    });
  }, 120_000);
  afterAll(async () => {
    await other?.stop();
  });

  const viaOther = (token: string) =>
    other.request('/api/sync/db', { headers: { authorization: `Bearer ${token}` } });

  it('a message sent through the other instance arrives through this one, exactly once', async () => {
    const sender = await member();
    const recipient = await member();
    // Only a verified address may send.
    const link = linkIn((await latestMail(server, sender.body.email))!.text);
    const verified = await api.post(`/api/email/verify/${sender.first.user.id}`, {
      body: {
        expires: link.searchParams.get('expires'),
        signature: link.searchParams.get('signature'),
      },
    });
    expect(verified.status).toBe(200);
    const tagname = `across_${Date.now().toString(36)}`;
    const named = await api.put('/api/user/tagname', {
      token: recipient.first.token,
      body: { tagname },
    });
    expect(named.status).toBe(200);
    const id = `m${Date.now().toString(36)}x1`;
    const sent = await other.request('/api/inbox/messages', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sender.second.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ to: tagname, body: 'Sent through one instance', id }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const inbox = await api.get<{ data: { id: string; unread_count: number }[] }>('/api/inbox', {
      token: recipient.first.token,
    });
    expect(inbox.body.data).toHaveLength(1);
    expect(inbox.body.data[0]!.unread_count).toBe(1);
    const conversation = encodeURIComponent(inbox.body.data[0]!.id);
    const received = await api.get<{ data: { id: string; body: string }[] }>(
      `/api/inbox/${conversation}/messages`,
      { token: recipient.first.token },
    );
    expect(received.body.data.filter((m) => m.id === id)).toEqual([
      expect.objectContaining({ body: 'Sent through one instance' }),
    ]);
  });

  it('a logout on this instance closes the feed open on the other within about a second', async () => {
    const m = await member();
    const feed = await openFeed(other.url, m.second.token, 'continuous');
    const before = await deliver(m.second.user.id);
    expect(await feed.delivered(before)).toBe(true);

    expect((await api.post('/api/logout', { token: m.second.token })).status).toBe(204);
    const revokedAt = Date.now();
    await expectEndedPromptly(feed, revokedAt);
    const after = await deliver(m.second.user.id);
    expect(feed.text()).not.toContain(after);
    expect((await viaOther(m.second.token)).status).toBe(401);
  });

  it('a password change on this instance closes the other device’s feed on the other instance', async () => {
    const m = await member();
    const feed = await openFeed(other.url, m.second.token, 'continuous');
    const before = await deliver(m.second.user.id);
    expect(await feed.delivered(before)).toBe(true);
    // Cached there as valid: the change must still reach it.
    expect((await viaOther(m.second.token)).status).toBe(200);

    const res = await api.put('/api/user/password', {
      token: m.first.token,
      body: {
        current_password: m.body.password,
        password: 'changed-password',
        password_confirmation: 'changed-password',
      },
    });
    expect(res.status).toBe(200);
    const revokedAt = Date.now();
    await expectEndedPromptly(feed, revokedAt);
    const after = await deliver(m.second.user.id);
    expect(feed.text()).not.toContain(after);
    expect((await viaOther(m.second.token)).status).toBe(401);
    // The session that changed the password goes on, there too.
    expect((await viaOther(m.first.token)).status).toBe(200);
  });

  it('a long poll on the other instance ends when an admin suspends the account here', async () => {
    const m = await member();
    const feed = await openFeed(other.url, m.second.token, 'longpoll');
    // The long poll is open once the other instance answered a request made after it.
    expect((await viaOther(m.second.token)).status).toBe(200);
    const res = await api.patch(`/api/admin/users/${m.second.user.id}`, {
      token: admin.token,
      body: { status: 'suspended' },
    });
    expect(res.status).toBe(200);
    const revokedAt = Date.now();
    const ended = await expectEndedPromptly(feed, revokedAt);
    expectClosedNotAnswered(ended, feed.text());
    const after = await deliver(m.second.user.id);
    expect(feed.text()).not.toContain(after);
    expect((await viaOther(m.second.token)).status).toBe(401);
  });
});
