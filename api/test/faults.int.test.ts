/**
 * The fault suite: real processes stopped and killed while the API works.
 *
 * - the embedded database child stopped (SIGSTOP, a hung server): every kind of request answers
 *   503 within a bound instead of hanging, then the health check kills the child, it restarts
 *   and the API recovers by itself (the test never resumes the stopped process);
 * - the database child killed (SIGKILL) in the middle of a burst of messages: nothing the API
 *   accepted is lost;
 * - the API process itself killed (SIGKILL) while it delivers messages, then started again on
 *   the same data: every accepted message is delivered exactly once, with its notification and
 *   the recipient's unread count.
 *
 * Every wait has a deadline. It needs the embedded server (a process to stop), so it does not
 * run against TEST_COUCH_URL.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import { client, demoSessions, type Session } from './helpers/client';
import { startApiProcess, type ApiProcess } from './helpers/api-process';
import { until } from './helpers/until';
import { fakeWebDist, startTestServer, type TestServer } from './helpers/server';

const EMBEDDED = !process.env.TEST_COUCH_URL;

/** `promise`, or a failure naming `what` once `ms` have passed. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no outcome within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

let n = 0;
const newId = (tag: string) =>
  `${tag}${Date.now().toString(36)}${(n++).toString().padStart(4, '0')}`;

const conversationOf = (a: string, b: string) => `conv:${[a, b].sort().join(':')}`;

type Doc = { _id: string; status?: string; from?: string; unread_count?: number };

/** Documents of a user database by id, read as the database admin (absent ids left out). */
async function userDocs(
  read: (db: string, keys: string[]) => Promise<{ rows: { doc?: Doc | null }[] }>,
  userId: string,
  ids: string[],
): Promise<Map<string, Doc>> {
  // The API under test runs embedded, with no COUCH_DB_PREFIX.
  const result = await read(userDbName({ name: (base) => base }, userId), ids);
  return new Map(result.rows.flatMap((r) => (r.doc ? [[r.doc._id, r.doc] as const] : [])));
}

describe.skipIf(!EMBEDDED)('faults: the database stops or dies under the API', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  let sessions: Record<'sofia' | 'amara', Session>;
  const read = (db: string, keys: string[]) =>
    server.deps.couch.server.use<Doc>(db).fetch({ keys }) as Promise<{
      rows: { doc?: Doc | null }[];
    }>;

  beforeAll(async () => {
    server = await startTestServer({
      // Small limits, so a stopped database shows within seconds. The health check gives up
      // only after the requests below have had their answer (6 failed checks of up to 1 s,
      // 1 s apart), so the 503s come from the timeouts, not from the restart.
      COUCH_TIMEOUT_MS: '1000',
      COUCH_VIEW_TIMEOUT_MS: '1500',
      COUCH_HEALTH_INTERVAL_MS: '1000',
      COUCH_HEALTH_TIMEOUT_MS: '1000',
      COUCH_HEALTH_FAILURES: '6',
    });
    api = client(server);
    sessions = await demoSessions(api, ['sofia', 'amara']);
  });
  afterAll(() => server?.close());

  it(
    'a stopped database: 503s instead of hangs, then the health check restarts it and the API recovers',
    { timeout: 90_000 },
    async () => {
      const embedded = server.deps.couch.embedded!;
      const stoppedPid = embedded.pid!;
      const unresponsive = new Promise((resolve) => embedded.once('unresponsive', resolve));
      const restarted = new Promise((resolve) => embedded.once('up', resolve));
      const sofia = sessions.sofia.token;
      const requests: Record<string, () => Promise<Response>> = {
        'GET /api/user': () =>
          server.request('/api/user', { headers: { authorization: `Bearer ${sofia}` } }),
        'GET /api/gigs': () => server.request('/api/gigs?q=lisbon'),
        'GET /api/getServices': () => server.request('/api/getServices'),
        'GET /api/sync/db/_all_docs': () =>
          server.request('/api/sync/db/_all_docs', {
            headers: { authorization: `Bearer ${sofia}` },
          }),
        'POST /api/inbox/messages': () =>
          server.request('/api/inbox/messages', {
            method: 'POST',
            headers: { authorization: `Bearer ${sofia}`, 'content-type': 'application/json' },
            body: JSON.stringify({ to: 'amara_guides', body: 'Are you there?', id: newId('hung') }),
          }),
      };

      // A sync request just before: the gateway trusts a session it has just checked for a few
      // seconds, so the request below reaches the upstream call rather than the session read.
      const warm = await server.request('/api/sync/db/', {
        headers: { authorization: `Bearer ${sofia}` },
      });
      expect(warm.status).toBe(200);
      process.kill(stoppedPid, 'SIGSTOP');
      const answers = await Promise.all(
        Object.entries(requests).map(async ([name, send]) => {
          const res = await within(8_000, name, send());
          return { name, status: res.status, body: (await res.json()) as unknown };
        }),
      );
      for (const { name, status, body } of answers) {
        expect(status, name).toBe(503);
        expect(body, name).toEqual({
          message: 'The database is unavailable right now. Please try again shortly.',
        });
      }
      // Answered by the timeouts: the stopped process was still the database then.
      expect(embedded.pid).toBe(stoppedPid);

      // Nobody resumes the stopped process: the health check kills it, and it is restarted.
      await within(60_000, 'the health check giving up', unresponsive);
      await within(60_000, 'the restart', restarted);
      expect(embedded.pid).not.toBe(stoppedPid);

      const auth = { authorization: `Bearer ${sofia}` };
      await until(30_000, 'GET /api/user answering again', async () => {
        return (await server.request('/api/user', { headers: auth })).status === 200;
      });
      expect((await server.request('/api/gigs?q=lisbon')).status).toBe(200);
      expect((await server.request('/api/getServices')).status).toBe(200);
      expect((await server.request('/api/sync/db/_all_docs', { headers: auth })).status).toBe(200);
      const sent = await api.post<{ message: { status: string } }>('/api/inbox/messages', {
        token: sofia,
        body: { to: 'amara_guides', body: 'Back again.', id: newId('back') },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.message.status).toBe('delivered');
    },
  );

  it(
    'a database killed in the middle of a burst of messages: nothing accepted is lost',
    { timeout: 90_000 },
    async () => {
      const embedded = server.deps.couch.embedded!;
      const sofia = sessions.sofia;
      const amara = sessions.amara;
      const ids = Array.from({ length: 30 }, () => newId('burst'));
      const accepted: string[] = [];
      const statuses: number[] = [];
      let killedPid: number | undefined;
      const restarted = new Promise((resolve) => embedded.once('up', resolve));

      const queue = [...ids];
      const worker = async () => {
        for (let id = queue.shift(); id; id = queue.shift()) {
          const res = await within(
            30_000,
            `sending ${id}`,
            api.post('/api/inbox/messages', {
              token: sofia.token,
              body: { to: 'amara_guides', body: `Burst ${id}`, id },
            }),
          );
          statuses.push(res.status);
          if (res.status === 201) accepted.push(id);
          // The database dies once a few messages are in, with others on their way.
          if (killedPid === undefined && accepted.length >= 5) {
            killedPid = embedded.pid!;
            process.kill(killedPid, 'SIGKILL');
          }
        }
      };
      await Promise.all([worker(), worker(), worker()]);

      expect(killedPid).toBeDefined();
      // Each request was accepted or refused as "unavailable"; none failed otherwise.
      expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
      expect(accepted.length).toBeGreaterThanOrEqual(5);
      await within(60_000, 'the restart', restarted);

      // Every accepted message reaches the recipient, and the sender's copy says so.
      const messageIds = accepted.map((id) => `message:${id}`);
      await until(60_000, 'every accepted message delivered', async () => {
        const received = await userDocs(read, amara.user.id, messageIds);
        const sent = await userDocs(read, sofia.user.id, messageIds);
        return messageIds.every(
          (id) =>
            received.get(id)?.status === 'delivered' &&
            received.get(id)?.from === sofia.user.id &&
            sent.get(id)?.status === 'delivered',
        );
      });
    },
  );
});

/** Kills a process and waits for it to be gone. */
async function kill(child: ChildProcess, exited: Promise<void>, signal: NodeJS.Signals) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await within(30_000, 'the API exiting', exited);
}

describe.skipIf(!EMBEDDED)('faults: the API process is killed while it delivers', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-faults-'));
  const webDist = fakeWebDist();
  const running: ApiProcess[] = [];
  /** The API as `npm start` runs it, in a process of its own, on dataDir. */
  const startApi = () =>
    startApiProcess(
      {
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
        // The demo members (verified, with tagnames) write to each other; no demo gigs.
        SEED_DEMO: 'true',
      },
      { startTimeoutMs: 90_000 },
    );
  afterAll(async () => {
    for (const { child, exited } of running) await kill(child, exited, 'SIGKILL');
  });

  /** The embedded server of the API running on dataDir, as its admin. */
  const database = () => {
    const { port } = JSON.parse(
      readFileSync(path.join(dataDir, 'couch', 'running.json'), 'utf8'),
    ) as { port: number };
    const { username, password } = JSON.parse(
      readFileSync(path.join(dataDir, 'couch', 'admin-credentials.json'), 'utf8'),
    ) as { username: string; password: string };
    const authorization = 'Basic ' + Buffer.from(`${username}:${password}`).toString('base64');
    return {
      port,
      read: async (db: string, keys: string[]) => {
        const res = await fetch(`http://127.0.0.1:${port}/${db}/_all_docs?include_docs=true`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ keys }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`reading ${db}: ${res.status}`);
        return (await res.json()) as { rows: { doc?: Doc | null }[] };
      },
    };
  };

  const login = async (base: string, email: string) => {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'wayfarer-demo' }),
      signal: AbortSignal.timeout(30_000),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Session;
  };

  it(
    'delivers every accepted message exactly once after a restart, with its notification and unread count',
    { timeout: 150_000 },
    async () => {
      const first = await startApi();
      running.push(first);
      const base = first.url;
      const sofia = await login(base, 'sofia@wayfarer.test');
      const helen = await login(base, 'helen@wayfarer.test');

      // Sofia's device syncs 40 messages written offline: accepted once the gateway answers.
      const ids = Array.from({ length: 40 }, () => newId('crash'));
      const at = Date.now();
      const write = await within(
        30_000,
        'the sync write',
        fetch(`${base}/api/sync/db/_bulk_docs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sofia.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            docs: ids.map((id, i) => ({
              _id: `message:${id}`,
              type: 'message',
              id,
              to: 'helen_brandt',
              body: `Crash ${i + 1}`,
              created_at: new Date(at + i).toISOString(),
              status: 'pending',
            })),
          }),
        }),
      );
      expect(write.status).toBe(201);
      const results = (await write.json()) as { id: string; ok?: boolean }[];
      // (The embedded server does not always answer in the order of the request.)
      expect(
        results
          .filter((r) => r.ok)
          .map((r) => r.id)
          .sort(),
      ).toEqual(ids.map((id) => `message:${id}`).sort());

      // The API dies in the middle of the deliveries, ideally in the middle of one (Helen's
      // copy written, its notification or unread count not yet). To find such a moment the API
      // is frozen (SIGSTOP) now and then and Helen's database looked at; it runs on for a few
      // milliseconds at a time until the moment comes (or every message is in), then it is
      // killed (SIGKILL) where it stands.
      const { port: databasePort, read } = database();
      const messageIds = ids.map((id) => `message:${id}`);
      const conversation = conversationOf(sofia.user.id, helen.user.id);
      const notificationIds = ids.map((id) => `notification:message:${id}`);
      const apiPid = first.child.pid!;
      let crash = { copies: 0, notified: 0, unread: 0 };
      process.kill(apiPid, 'SIGSTOP');
      try {
        const deadline = Date.now() + 40_000;
        while (Date.now() < deadline) {
          const docs = await userDocs(read, helen.user.id, [
            ...messageIds,
            ...notificationIds,
            `conversation:${conversation}`,
          ]);
          crash = {
            copies: messageIds.filter((id) => docs.has(id)).length,
            notified: notificationIds.filter((id) => docs.has(id)).length,
            unread: docs.get(`conversation:${conversation}`)?.unread_count ?? 0,
          };
          const halfWay = crash.notified < crash.copies || crash.unread < crash.copies;
          if (halfWay || crash.copies === ids.length) break;
          process.kill(apiPid, 'SIGCONT');
          await new Promise((r) => setTimeout(r, crash.copies ? 5 : 50));
          process.kill(apiPid, 'SIGSTOP');
        }
      } finally {
        await kill(first.child, first.exited, 'SIGKILL');
      }
      expect(crash.copies, 'no message was delivered before the crash').toBeGreaterThan(0);

      // Its database server follows it (the API was its parent); then the API starts again.
      await until(30_000, 'the orphaned database server exiting', async () =>
        fetch(`http://127.0.0.1:${databasePort}/`, { signal: AbortSignal.timeout(2000) }).then(
          () => false,
          () => true,
        ),
      );
      const second = await startApi();
      running.push(second);
      const base2 = second.url;
      const { read: read2 } = database();

      await until(60_000, 'every message delivered', async () => {
        const received = await userDocs(read2, helen.user.id, messageIds);
        const sent = await userDocs(read2, sofia.user.id, messageIds);
        return messageIds.every(
          (id) => received.get(id)?.status === 'delivered' && sent.get(id)?.status === 'delivered',
        );
      });

      // Exactly once, as Helen's inbox shows it.
      const helen2 = await login(base2, 'helen@wayfarer.test');
      const listed = (await (
        await fetch(`${base2}/api/inbox/${encodeURIComponent(conversation)}/messages?limit=100`, {
          headers: { authorization: `Bearer ${helen2.token}` },
        })
      ).json()) as { data: { id: string }[] };
      const listedIds = listed.data.map((m) => m.id);
      expect(listedIds.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
      expect(new Set(listedIds).size).toBe(listedIds.length);

      // Each message notified once (deterministic ids), and counted once as unread. (Soft: a
      // failure of one still reports the other.)
      const notifications = await userDocs(read2, helen.user.id, notificationIds);
      const inbox = (await (
        await fetch(`${base2}/api/inbox`, {
          headers: { authorization: `Bearer ${helen2.token}` },
        })
      ).json()) as { data: { id: string; unread_count: number }[] };
      const context =
        `at the crash Helen had ${crash.copies} of ${ids.length} messages, ` +
        `${crash.notified} notifications, an unread count of ${crash.unread}`;
      expect
        .soft(
          notificationIds.filter((id) => !notifications.has(id)),
          `messages without a notification (${context})`,
        )
        .toEqual([]);
      expect
        .soft(
          inbox.data.find((c) => c.id === conversation)?.unread_count,
          `unread count (${context})`,
        )
        .toBe(ids.length);

      await kill(second.child, second.exited, 'SIGTERM');
    },
  );
});
