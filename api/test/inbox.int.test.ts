import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import { markConversationRead } from '../src/routes/inbox/inbox-reading.service';
import { client, demoSessions, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  Object.assign(sessions, await demoSessions(api, ['sofia', 'amara', 'kenji', 'mei']));
});
afterAll(() => server.close());

let n = 0;
const newId = () => `m${Date.now().toString(36)}${(n++).toString().padStart(4, '0')}`;
type Conv = {
  id: string;
  unread_count: number;
  other: { tagname: string };
  last_message: { body: string; from_me: boolean };
};
type Msg = {
  id: string;
  body: string;
  status: string;
  from_me: boolean;
  sent_at: string;
  read_at: string | null;
  error: string | null;
};
const inboxOf = async (who: string) =>
  (await api.get<{ data: Conv[] }>('/api/inbox', { token: sessions[who]!.token })).body.data;
const messages = async (who: string, conversationId: string) =>
  (
    await api.get<{ data: Msg[] }>(`/api/inbox/${encodeURIComponent(conversationId)}/messages`, {
      token: sessions[who]!.token,
    })
  ).body.data;

function device(who: string, base = server) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-inbox-'));
  const local = new PouchDB(path.join(dir, 'db'));
  const token = sessions[who]!.token;
  const remote = new PouchDB(`${base.url}/api/sync/db`, {
    fetch: (url, opts) => {
      const headers = new Headers(opts?.headers);
      headers.set('authorization', `Bearer ${token}`);
      return PouchDB.fetch(url, { ...opts, headers });
    },
  });
  return { local, remote };
}
const pending = (id: string, to: string, body: string, createdAt = new Date().toISOString()) => ({
  _id: `message:${id}`,
  type: 'message',
  id,
  to,
  body,
  created_at: createdAt,
  status: 'pending',
});

describe('POST /api/inbox/messages', () => {
  it('delivers a Markdown message; both inboxes show the conversation; the recipient is notified', async () => {
    const id = newId();
    const res = await api.post<{ message: Msg }>('/api/inbox/messages', {
      token: sessions.sofia!.token,
      body: { to: 'amara_guides', body: '**Hello** Amara, are you free on *Friday*?', id },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ id, status: 'delivered', from_me: true });

    const amaraInbox = await inboxOf('amara');
    const conversation = amaraInbox.find((c) => c.other.tagname === 'sofia_marin')!;
    expect(conversation.unread_count).toBe(1);
    expect(conversation.last_message).toMatchObject({
      body: '**Hello** Amara, are you free on *Friday*?',
      from_me: false,
    });
    expect(
      (await inboxOf('sofia')).find((c) => c.other.tagname === 'amara_guides')!.unread_count,
    ).toBe(0);

    const received = await messages('amara', conversation.id);
    expect(received.map((m) => m.id)).toContain(id);
    const me = await api.get<{ user: { new_notifications_count: number } }>('/api/user', {
      token: sessions.amara!.token,
    });
    expect(me.body.user.new_notifications_count).toBeGreaterThan(0);
  });

  it('removes every job of a batch once run: a recorded job knows its own revision', async () => {
    const jobsDb = server.deps.couch.db('jobs');
    // Many jobs in one write: each must get its own revision back, whatever the answer's order.
    const recorded = await server.deps.jobs.record(
      Array.from({ length: 40 }, (_, i) => ({
        kind: 'deliver' as const,
        user_id: 'nobody-revs',
        ref: `revs-${i}`,
        order: String(i).padStart(3, '0'),
      })),
    );
    // Again with some of them already recorded (a device sending a batch a second time).
    const again = await server.deps.jobs.record(
      Array.from({ length: 40 }, (_, i) => ({
        kind: 'deliver' as const,
        user_id: 'nobody-revs',
        ref: `revs-${i * 2}`,
        order: String(i * 2).padStart(3, '0'),
      })),
    );
    const all = [...recorded, ...again.filter((j) => j._rev)];
    const stored = await jobsDb.fetch({ keys: all.map((j) => j._id) });
    const revs = new Map(stored.rows.map((r) => [r.key, 'value' in r ? r.value.rev : '']));
    for (const job of all) expect(job._rev).toBe(revs.get(job._id));
    expect(again.filter((j) => j._rev)).toHaveLength(20);
  });

  it('stores the same message id once', async () => {
    const id = newId();
    const body = { to: 'amara_guides', body: 'Sent twice by a flaky connection', id };
    expect(
      (await api.post('/api/inbox/messages', { token: sessions.sofia!.token, body })).status,
    ).toBe(201);
    expect(
      (await api.post('/api/inbox/messages', { token: sessions.sofia!.token, body })).status,
    ).toBe(201);
    const conversation = (await inboxOf('amara')).find((c) => c.other.tagname === 'sofia_marin')!;
    expect((await messages('amara', conversation.id)).filter((m) => m.id === id)).toHaveLength(1);
    const other = await api.post('/api/inbox/messages', {
      token: sessions.sofia!.token,
      body: { ...body, body: 'A different text' },
    });
    expect(other.status).toBe(409);
  });

  it('refuses oneself, an unknown tagname, an empty or too long body (422)', async () => {
    const send = (body: Record<string, unknown>) =>
      api.post<{ errors: Record<string, string[]> }>('/api/inbox/messages', {
        token: sessions.sofia!.token,
        body,
      });
    const self = await send({ to: 'sofia_marin', body: 'hi me', id: newId() });
    expect(self.status).toBe(422);
    expect(self.body.errors.to).toEqual(['You cannot send a message to yourself.']);
    expect(
      (await send({ to: 'nobody_at_all_here', body: 'hi', id: newId() })).body.errors.to,
    ).toEqual(['No member has this tagname.']);
    expect(
      (await send({ to: 'amara_guides', body: 'x'.repeat(5001), id: newId() })).body.errors
        .body?.[0],
    ).toMatch(/5,000/);
    expect((await send({ to: 'amara_guides', body: '   ', id: newId() })).status).toBe(422);
    expect(
      (await send({ to: 'amara_guides', body: 'hi', id: 'bad id!' })).body.errors.id,
    ).toBeDefined();
    expect(
      (
        await api.post('/api/inbox/messages', {
          body: { to: 'amara_guides', body: 'hi', id: newId() },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a blocked sender with a clear message, online and offline', async () => {
    expect(
      (
        await api.post('/api/inbox/blocked', {
          token: sessions.kenji!.token,
          body: { tagname: 'mei_lin' },
        })
      ).status,
    ).toBe(204);
    const blocked = await api.post<{ message: string }>('/api/inbox/messages', {
      token: sessions.mei!.token,
      body: { to: 'kenji_cooks', body: 'Hi chef', id: newId() },
    });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('This member is not accepting messages from you.');

    const { local, remote } = device('mei');
    const id = newId();
    await local.put(pending(id, 'kenji_cooks', 'Offline hello'));
    await local.replicate.to(remote);
    await server.deps.jobs.idle();
    await local.replicate.from(remote);
    const mine = (await local.get(`message:${id}`)) as unknown as Msg;
    expect(mine.status).toBe('failed');
    expect(mine.error).toBe('This member is not accepting messages from you.');
    await local.close();

    const list = await api.get<{ data: { tagname: string }[] }>('/api/inbox/blocked', {
      token: sessions.kenji!.token,
    });
    expect(list.body.data.map((p) => p.tagname)).toEqual(['mei_lin']);
    await api.delete('/api/inbox/blocked/mei_lin', { token: sessions.kenji!.token });
    expect(
      (
        await api.post('/api/inbox/messages', {
          token: sessions.mei!.token,
          body: { to: 'kenji_cooks', body: 'Hi again', id: newId() },
        })
      ).status,
    ).toBe(201);
  });
});

describe('offline messages through the sync gateway', () => {
  it('delivers three messages written offline exactly once and in order, then read receipts flow back', async () => {
    const { local, remote } = device('sofia');
    const ids = [newId(), newId(), newId()];
    const base = Date.now();
    for (const [i, id] of ids.entries()) {
      await local.put(
        pending(id, 'lucia_lens', `Offline message ${i + 1}`, new Date(base + i).toISOString()),
      );
    }
    await local.replicate.to(remote);
    await server.deps.jobs.idle();

    const lucia = (await demoSessions(api, ['lucia'])).lucia;
    sessions.lucia = lucia;
    const conversation = (await inboxOf('lucia')).find((c) => c.other.tagname === 'sofia_marin')!;
    expect(conversation.unread_count).toBe(3);
    const got = await messages('lucia', conversation.id);
    expect(got.map((m) => m.body)).toEqual([
      'Offline message 1',
      'Offline message 2',
      'Offline message 3',
    ]);
    expect(new Set(got.map((m) => m.id)).size).toBe(3);

    // Syncing again (a retry) changes nothing.
    await local.replicate.to(remote);
    await server.deps.jobs.idle();
    expect(await messages('lucia', conversation.id)).toHaveLength(3);

    await local.replicate.from(remote);
    expect(((await local.get(`message:${ids[2]}`)) as unknown as Msg).status).toBe('delivered');

    // Lucía opens the conversation on a synced device: a read marker.
    const luciaDevice = device('lucia');
    await luciaDevice.local.put({
      _id: `readmark:${conversation.id}`,
      type: 'read_marker',
      conversation_id: conversation.id,
      read_at: new Date().toISOString(),
    });
    await luciaDevice.local.replicate.to(luciaDevice.remote);
    await server.deps.jobs.idle();
    expect((await inboxOf('lucia')).find((c) => c.id === conversation.id)!.unread_count).toBe(0);
    await local.replicate.from(remote);
    for (const id of ids)
      expect(((await local.get(`message:${id}`)) as unknown as Msg).status).toBe('read');
    await local.close();
    await luciaDevice.local.close();
  });

  it('carries an image attachment, and refuses a file that is not an image or PDF', async () => {
    const { local, remote } = device('sofia');
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const ok = newId();
    const bad = newId();
    await local.put({
      ...pending(ok, 'omar_events', ''),
      _attachments: { 'venue.png': { content_type: 'image/png', data: png } },
    });
    await local.put({
      ...pending(bad, 'omar_events', 'see file'),
      _attachments: {
        'x.png': {
          content_type: 'image/png',
          data: Buffer.from('<script>alert(1)</script>').toString('base64'),
        },
      },
    });
    await local.replicate.to(remote);
    await server.deps.jobs.idle();
    const omarDb = server.deps.couch.server.use(
      userDbName(server.deps.couch, (await demoSessions(api, ['omar'])).omar.user.id),
    );
    const copy = (await omarDb.get(`message:${ok}`)) as unknown as {
      _attachments: Record<string, { content_type: string }>;
    };
    expect(copy._attachments['venue.png']!.content_type).toBe('image/png');
    await expect(omarDb.get(`message:${bad}`)).rejects.toMatchObject({ statusCode: 404 });
    await local.replicate.from(remote);
    expect(((await local.get(`message:${bad}`)) as unknown as Msg).error).toMatch(
      /PNG, JPEG or WebP images or PDF/,
    );
    await local.close();
  });
});

describe('deliveries queued for one sender', () => {
  /** The API's requests to the database while `work` runs (nano goes through the global fetch). */
  async function databaseRequests(work: () => Promise<void>): Promise<string[]> {
    const origin = new URL(server.deps.couch.origin).host;
    const original = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.host === origin) seen.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      return original(input, init);
    };
    try {
      await work();
    } finally {
      globalThis.fetch = original;
    }
    return seen;
  }

  it('run as one batch: each delivered once and in order, a refusal on its own, in about the requests of one', async () => {
    const sofia = sessions.sofia!.user.id;
    const sofiaDb = server.deps.couch.server.use(userDbName(server.deps.couch, sofia));
    // Nine messages written offline: to two agents in turn, and one to nobody.
    const base = Date.now();
    const plan = [
      'amara_guides',
      'kenji_cooks',
      'amara_guides',
      'nobody_here_at_all',
      'amara_guides',
      'kenji_cooks',
      'amara_guides',
      'kenji_cooks',
      'amara_guides',
    ];
    const sent = plan.map((to, i) => ({ id: newId(), to, body: `Batched ${i + 1}` }));
    await sofiaDb.bulk({
      docs: sent.map((m, i) => pending(m.id, m.to, m.body, new Date(base + i).toISOString())),
    });
    const recorded = await server.deps.jobs.record(
      sent.map((m, i) => ({
        kind: 'deliver' as const,
        user_id: sofia,
        ref: m.id,
        order: new Date(base + i).toISOString(),
      })),
    );
    const requests = await databaseRequests(async () => {
      await server.deps.jobs.runAndWait(recorded);
      await server.deps.jobs.idle(); // the removal of the finished jobs
    });

    const copies = async (who: 'amara' | 'kenji') => {
      const db = server.deps.couch.server.use(
        userDbName(server.deps.couch, sessions[who]!.user.id),
      );
      const ids = sent.filter((m) => m.to.startsWith(who)).map((m) => `message:${m.id}`);
      const rows = (await db.fetch({ keys: ids })).rows;
      return rows.map((r) => ('doc' in r ? (r.doc as unknown as Msg & { _rev: string }) : null));
    };
    for (const who of ['amara', 'kenji'] as const) {
      const docs = await copies(who);
      expect(docs.map((d) => d?.body)).toEqual(
        sent.filter((m) => m.to.startsWith(who)).map((m) => m.body),
      );
      // Written once each, sent_at in the order sent (the conversation is sorted by it).
      expect(docs.every((d) => d!._rev.startsWith('1-'))).toBe(true);
      const times = docs.map((d) => d!.sent_at);
      expect([...times].sort()).toEqual(times);
      expect(new Set(times).size).toBe(times.length);
    }
    const senderCopies = (
      await sofiaDb.fetch({ keys: sent.map((m) => `message:${m.id}`) })
    ).rows.map((r) => ('doc' in r ? (r.doc as unknown as Msg) : null));
    expect(senderCopies.map((d) => d?.status)).toEqual(
      plan.map((to) => (to === 'nobody_here_at_all' ? 'failed' : 'delivered')),
    );
    expect(senderCopies[3]?.error).toBe('No member has this tagname.');
    const amaraDb = server.deps.couch.server.use(
      userDbName(server.deps.couch, sessions.amara!.user.id),
    );
    for (const m of sent.filter((x) => x.to === 'amara_guides'))
      expect(await amaraDb.get(`notification:message:${m.id}`)).toMatchObject({ read_at: null });
    expect(
      (await server.deps.couch.db('jobs').fetch({ keys: recorded.map((j) => j._id) })).rows.every(
        (r) => !('doc' in r) || !r.doc,
      ),
    ).toBe(true);

    // One message alone costs about 10 requests; the nine, to two people whose conversation
    // documents this process had not written yet (read first), 25: the messages, accounts and
    // blocks read in 3, the 8 copies one by one (in order), per recipient the conversation with
    // the notifications, the sender's conversation and the agent's response record (read and
    // written), then the sender's copies and the jobs' removal in one each.
    expect(requests.length).toBeLessThanOrEqual(25);
  });
  it('several senders’ deliveries at once share their reads of the accounts and their job writes', async () => {
    // Four senders, one message each, to one another's agents; recorded and run together, as
    // the gateway records and runs the pushes of four devices arriving at one moment.
    const plan = [
      ['sofia', 'amara_guides'],
      ['mei', 'kenji_cooks'],
      ['amara', 'kenji_cooks'],
      ['kenji', 'amara_guides'],
    ] as const;
    const sent = plan.map(([from, to]) => ({ from, to, id: newId() }));
    await Promise.all(
      sent.map(({ from, to, id }) =>
        server.deps.couch.server
          .use(userDbName(server.deps.couch, sessions[from]!.user.id))
          .insert(pending(id, to, `Together from ${from}`) as never),
      ),
    );
    let recorded: Awaited<ReturnType<typeof server.deps.jobs.record>>[] = [];
    const requests = await databaseRequests(async () => {
      recorded = await Promise.all(
        sent.map(({ from, id }) =>
          server.deps.jobs.record([
            {
              kind: 'deliver',
              user_id: sessions[from]!.user.id,
              ref: id,
              order: new Date().toISOString(),
            },
          ]),
        ),
      );
      await server.deps.jobs.runAndWait(recorded.flat());
      await server.deps.jobs.idle();
    });
    for (const { from, to, id } of sent) {
      const recipient = to === 'amara_guides' ? 'amara' : 'kenji';
      const copy = await server.deps.couch.server
        .use(userDbName(server.deps.couch, sessions[recipient]!.user.id))
        .get(`message:${id}`);
      expect(copy).toMatchObject({ from: sessions[from]!.user.id, status: 'delivered' });
    }
    const jobsDb = `/${server.deps.couch.databases.jobs}`;
    const usersDb = `/${server.deps.couch.databases.users}`;
    const to = (db: string) =>
      requests.map((r) => r.toUpperCase()).filter((r) => r.includes(` ${db.toUpperCase()}`));
    // The four records in one write (as four pushes at one moment are); the removals, and the
    // reads of accounts, tagnames and blocks, in bulk requests only, gathered when they meet
    // (here the deliveries end at moments of their own: one each at most, as before; under
    // load, when requests wait for the ones under way, many go in one: jobs.test.ts,
    // gathered.test.ts and bench/README.md, delivery).
    expect(to(jobsDb).every((r) => r === `POST ${jobsDb.toUpperCase()}/_BULK_DOCS`)).toBe(true);
    expect(to(jobsDb).length).toBeLessThanOrEqual(1 + sent.length);
    expect(to(usersDb).every((r) => r === `POST ${usersDb.toUpperCase()}/_BULK_GET`)).toBe(true);
    expect(to(usersDb).length).toBeLessThanOrEqual(2 * sent.length);
  });
});

describe('account deletion', () => {
  it('leaves the other person their conversation, with "Deleted user" in place of the deleted one', async () => {
    const { newAccount, latestMail, linkIn } = await import('./helpers/client');
    const body = newAccount();
    const leaving = (await api.post<Session>('/api/register', { body })).body;
    const link = linkIn((await latestMail(server, body.email))!.text);
    await api.post(`/api/email/verify/${leaving.user.id}`, {
      body: {
        expires: link.searchParams.get('expires'),
        signature: link.searchParams.get('signature'),
      },
    });
    await api.put('/api/user/tagname', {
      token: leaving.token,
      body: { tagname: `leaving_${Date.now().toString(36)}` },
    });
    const id = newId();
    expect(
      (
        await api.post('/api/inbox/messages', {
          token: leaving.token,
          body: { to: 'rafael_costa', body: 'Before I go', id },
        })
      ).status,
    ).toBe(201);
    expect(
      (await api.delete('/api/user', { token: leaving.token, body: { password: body.password } }))
        .status,
    ).toBe(204);

    sessions.rafael = (await demoSessions(api, ['rafael'])).rafael;
    const conversation = (await inboxOf('rafael')).find(
      (c) => c.last_message.body === 'Before I go',
    )!;
    expect(conversation.other).toMatchObject({ full_name: 'Deleted user', tagname: null });
    expect((await messages('rafael', conversation.id)).map((m) => m.body)).toEqual(['Before I go']);
  });
});

describe('privacy', () => {
  it('nobody reads another pair’s conversation, through the API or the gateway', async () => {
    const conversation = (await inboxOf('amara')).find((c) => c.other.tagname === 'sofia_marin')!;
    const res = await api.get(`/api/inbox/${encodeURIComponent(conversation.id)}/messages`, {
      token: sessions.mei!.token,
    });
    expect(res.status).toBe(404);
    expect(
      (
        await api.post(`/api/inbox/${encodeURIComponent(conversation.id)}/read`, {
          token: sessions.mei!.token,
        })
      ).status,
    ).toBe(404);
    const all = (await (
      await server.request('/api/sync/db/_all_docs', {
        headers: { authorization: `Bearer ${sessions.mei!.token}` },
      })
    ).json()) as { rows: { id: string }[] };
    expect(all.rows.some((r) => r.id === `conversation:${conversation.id}`)).toBe(false);
  });
});

/** Polls until `check` returns something truthy (a deadline, no fixed sleep). */
async function until<T>(check: () => Promise<T>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Makes the next calls of one method on one database go through `fn` (which gets the real
 * method): a fault or a concurrent writer, injected where the API reaches CouchDB. Returns the
 * undo.
 */
function intercept(
  dbName: string,
  method: 'insert' | 'destroy' | 'bulk',
  fn: (real: (...args: unknown[]) => Promise<unknown>, args: unknown[]) => Promise<unknown>,
) {
  const couchServer = server.deps.couch.server;
  const original = couchServer.use;
  couchServer.use = ((name: string) => {
    const db = original.call(couchServer, name);
    if (name !== dbName) return db;
    return new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== method) return Reflect.get(target, prop, receiver) as unknown;
        const real = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
        return (...args: unknown[]) => fn(real, args);
      },
    });
  }) as typeof original;
  return () => {
    couchServer.use = original;
  };
}

const couchFailure = () => Object.assign(new Error('injected failure'), { statusCode: 500 });

describe('failures during delivery', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    Object.assign(sessions, await demoSessions(api, ['tomas', 'aisha', 'daniel']));
  });
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('a finished job whose clean-up fails is retried; the sender is answered; nothing is unhandled', async () => {
    let failures = 1;
    // The removal of a finished job is a bulk write of deletions (records are bulk writes too).
    const isRemoval = (args: unknown[]) =>
      (args[0] as { docs: { _deleted?: boolean }[] }).docs.every((doc) => doc._deleted);
    const restore = intercept(server.deps.couch.db('jobs').config.db, 'bulk', (real, args) =>
      isRemoval(args) && failures-- > 0 ? Promise.reject(couchFailure()) : real(...args),
    );
    try {
      const id = newId();
      const res = await api.post<{ message: Msg }>('/api/inbox/messages', {
        token: sessions.kenji!.token,
        body: { to: 'aisha_bello', body: 'Cleaned up later', id },
      });
      expect(res.status).toBe(201);
      expect(res.body.message.status).toBe('delivered');
      const jobs = server.deps.couch.db('jobs');
      const jobId = `job:deliver:${sessions.kenji!.user.id}:${id}`;
      await until(
        () =>
          jobs.head(jobId).then(
            () => false,
            () => true,
          ),
        'the finished job to be removed',
      );
      expect(failures).toBeLessThan(0); // the clean-up did fail once, and ran again
    } finally {
      restore();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });

  it('a delivery that fails after the recipient’s copy is finished by its retry: unread count and notification once', async () => {
    const tomas = sessions.tomas!.user.id;
    const daniel = sessions.daniel!.user.id;
    const conversationId = `conv:${[tomas, daniel].sort().join(':')}`;
    // The recipient's conversation cannot be written once: the run stops after the copy.
    let failures = 1;
    // (The conversation is written with the notification, in one bulk request.)
    const restore = intercept(userDbName(server.deps.couch, daniel), 'bulk', (real, args) => {
      const { docs } = args[0] as { docs: { _id?: string }[] };
      if (docs.some((d) => d._id === `conversation:${conversationId}`) && failures-- > 0)
        return Promise.reject(couchFailure());
      return real(...args);
    });
    const id = newId();
    try {
      const res = await api.post<{ message: Msg }>('/api/inbox/messages', {
        token: sessions.tomas!.token,
        body: { to: 'dan_whitaker', body: 'Half-way, then finished', id },
      });
      expect(res.status).toBe(201);
      // The retry (after a second) finishes the delivery.
      await until(
        async () =>
          (await messages('tomas', conversationId)).find((m) => m.id === id)?.status ===
          'delivered',
        'the retried delivery',
      );
    } finally {
      restore();
    }
    expect(failures).toBeLessThanOrEqual(0); // the fault was injected
    await server.deps.jobs.idle();
    const danielDb = server.deps.couch.server.use(userDbName(server.deps.couch, daniel));
    const conversation = (await inboxOf('daniel')).find((c) => c.id === conversationId);
    expect(conversation?.unread_count).toBe(1);
    expect(conversation?.last_message).toMatchObject({ body: 'Half-way, then finished' });
    const notification = await danielDb.get(`notification:message:${id}`);
    expect(notification).toMatchObject({ kind: 'message', read_at: null });

    // The whole delivery once more (a resume): every step is idempotent, nothing changes.
    const before = await danielDb.get(`conversation:${conversationId}`);
    const tomasDb = server.deps.couch.server.use(userDbName(server.deps.couch, tomas));
    const sent = await tomasDb.get(`message:${id}`);
    await tomasDb.insert({ ...sent, status: 'pending' } as never);
    const [job] = await server.deps.jobs.record([
      { kind: 'deliver', user_id: tomas, ref: id, order: new Date().toISOString() },
    ]);
    await server.deps.jobs.runAndWait([job!]);
    expect(((await tomasDb.get(`message:${id}`)) as unknown as Msg).status).toBe('delivered');
    expect(await danielDb.get(`conversation:${conversationId}`)).toEqual(before);
    expect((await danielDb.get(`notification:message:${id}`))._rev).toBe(notification._rev);
    expect((await messages('daniel', conversationId)).filter((m) => m.id === id)).toHaveLength(1);
  });

  it('read receipts survive conflicting writes: each conflicting message is read again and marked', async () => {
    const aisha = sessions.aisha!.user.id;
    const tomas = sessions.tomas!.user.id;
    const conversationId = `conv:${[aisha, tomas].sort().join(':')}`;
    const ids = [newId(), newId(), newId()];
    for (const id of ids) {
      const res = await api.post('/api/inbox/messages', {
        token: sessions.aisha!.token,
        body: { to: 'tomas_novak', body: `Receipt ${id}`, id },
      });
      expect(res.status).toBe(201);
    }
    // A concurrent writer: just before the receipts are written, two of Aisha's messages get a
    // new revision (as a delivery finishing or another instance would), so their updates 409.
    const aishaDb = server.deps.couch.server.use(userDbName(server.deps.couch, aisha));
    let raced = false;
    const restore = intercept(userDbName(server.deps.couch, aisha), 'bulk', async (real, args) => {
      if (!raced) {
        raced = true;
        for (const id of ids.slice(0, 2)) {
          const doc = await aishaDb.get(`message:${id}`);
          await aishaDb.insert({ ...doc, delivered_at: new Date().toISOString() } as never);
        }
      }
      return real(...args);
    });
    try {
      await markConversationRead(
        { couch: server.deps.couch, logger: server.deps.logger },
        tomas,
        conversationId,
        new Date().toISOString(),
      );
    } finally {
      restore();
    }
    expect(raced).toBe(true);
    const mine = await messages('aisha', conversationId);
    expect(mine.filter((m) => ids.includes(m.id)).map((m) => m.status)).toEqual([
      'read',
      'read',
      'read',
    ]);
    expect((await inboxOf('tomas')).find((c) => c.id === conversationId)!.unread_count).toBe(0);
  });
});

describe('a restart in the middle of delivering a batch', () => {
  // Two servers start one after the other: slow on a loaded machine.
  it('loses and duplicates nothing', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-crash-'));
    let first = await startTestServer({}, dataDir);
    const firstApi = client(first);
    const sofia = (
      await firstApi.post<Session>('/api/login', {
        body: { email: 'sofia@wayfarer.test', password: 'wayfarer-demo' },
      })
    ).body;
    sessions.crash = sofia;
    const { local, remote } = device('crash', first);
    const ids = Array.from({ length: 8 }, () => newId());
    const base = Date.now();
    for (const [i, id] of ids.entries())
      await local.put(
        pending(id, 'helen_brandt', `Batch ${i + 1}`, new Date(base + i).toISOString()),
      );

    // The "crash": the job runner stops before any delivery runs, after the writes were accepted.
    first.deps.jobs.stop();
    await local.replicate.to(remote);
    // Half-way state of one delivery: the recipient's copy written, nothing else.
    const helenId = (
      await firstApi.post<Session>('/api/login', {
        body: { email: 'helen@wayfarer.test', password: 'wayfarer-demo' },
      })
    ).body.user.id;
    const senderCopy = (await first.deps.couch.server
      .use(userDbName(first.deps.couch, sofia.user.id))
      .get(`message:${ids[3]}`)) as unknown as Record<string, unknown>;
    await first.deps.couch.server.use(userDbName(first.deps.couch, helenId)).insert({
      ...senderCopy,
      _rev: undefined,
      status: 'delivered',
      from: sofia.user.id,
      from_me: false,
      conversation_id: `conv:${[sofia.user.id, helenId].sort().join(':')}`,
      sent_at: new Date().toISOString(),
    } as never);
    await local.close();
    await first.close();

    first = await startTestServer({}, dataDir);
    try {
      await first.deps.jobs.idle();
      const helen = (
        await client(first).post<Session>('/api/login', {
          body: { email: 'helen@wayfarer.test', password: 'wayfarer-demo' },
        })
      ).body;
      const conversation = (
        await client(first).get<{ data: Conv[] }>('/api/inbox', { token: helen.token })
      ).body.data.find((c) => c.other.tagname === 'sofia_marin')!;
      const got = (
        await client(first).get<{ data: Msg[] }>(
          `/api/inbox/${encodeURIComponent(conversation.id)}/messages`,
          { token: helen.token },
        )
      ).body.data;
      expect(got.map((m) => m.body).sort()).toEqual(ids.map((_, i) => `Batch ${i + 1}`).sort());
      expect(new Set(got.map((m) => m.id)).size).toBe(8);
      // The message whose delivery stopped half-way counts too: unread and notified once each.
      expect(conversation.unread_count).toBe(8);
      const notifications = await first.deps.couch.server
        .use(userDbName(first.deps.couch, helen.user.id))
        .list({
          startkey: 'notification:message:',
          endkey: 'notification:message:\ufff0',
        });
      expect(notifications.rows.map((r) => r.id).sort()).toEqual(
        ids.map((id) => `notification:message:${id}`).sort(),
      );
      const jobsLeft = await first.deps.couch.db('jobs').info();
      expect(jobsLeft.doc_count).toBe(0);
    } finally {
      await first.close();
    }
  });
});
