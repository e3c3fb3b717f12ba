import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import PouchDB from 'pouchdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { userDbName } from '../src/couch/userdb';
import { flushCheckpoints } from '../src/routes/sync/gateway';
import { LONGPOLL_GRACE_MS } from '../src/routes/sync/longpoll';
import { client, newAccount, type Session } from './helpers/client';
import { externalCouch, startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let alice: Session;
let bob: Session;
const now = () => new Date().toISOString();

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'false' });
  api = client(server);
  alice = (await api.post<Session>('/api/register', { body: newAccount() })).body;
  bob = (await api.post<Session>('/api/register', { body: newAccount() })).body;
});
afterAll(() => server.close());

const gateway = (token: string, pathname = '', init: RequestInit = {}) =>
  server.request(`/api/sync/db${pathname}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });

function localDb(token: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-pouch-'));
  const local = new PouchDB(path.join(dir, 'db'));
  const remote = new PouchDB(`${server.url}/api/sync/db`, {
    fetch: (url, opts) => {
      const headers = new Headers(opts?.headers);
      headers.set('authorization', `Bearer ${token}`);
      return PouchDB.fetch(url, { ...opts, headers });
    },
  });
  return { local, remote };
}

describe('sync gateway: replication', () => {
  it('replicates both ways with PouchDB, and never hands out the design document', async () => {
    const { local, remote } = localDb(alice.token);
    await local.put({
      _id: 'wishlist:trip',
      type: 'wishlist',
      name: 'Japan trip',
      visibility: 'private',
      created_at: now(),
      updated_at: now(),
    });
    const pushed = await local.replicate.to(remote);
    expect(pushed.docs_written).toBe(1);
    expect(pushed.doc_write_failures).toBe(0);

    const serverSide = server.deps.couch.server.use(userDbName(server.deps.couch, alice.user.id));
    expect(((await serverSide.get('wishlist:trip')) as unknown as { name: string }).name).toBe(
      'Japan trip',
    );

    await serverSide.insert({
      _id: 'notification:welcome',
      type: 'notification',
      kind: 'welcome',
      title: 'Welcome',
      body: 'Hi',
      link: '/profile',
      created_at: now(),
      read_at: null,
    } as never);
    await local.replicate.from(remote);
    expect(((await local.get('notification:welcome')) as unknown as { title: string }).title).toBe(
      'Welcome',
    );
    await expect(local.get('_design/app')).rejects.toMatchObject({ status: 404 });
    await local.close();
  });

  it('keeps updates and deletions a device replicates (not only new documents)', async () => {
    const { local, remote } = localDb(alice.token);
    const first = await local.put({
      _id: 'wishlist:edits',
      type: 'wishlist',
      name: 'First name',
      visibility: 'private',
      created_at: now(),
      updated_at: now(),
    });
    await local.replicate.to(remote);
    await local.put({
      _id: 'wishlist:edits',
      _rev: first.rev,
      type: 'wishlist',
      name: 'Second name',
      visibility: 'public',
      created_at: now(),
      updated_at: now(),
    });
    await local.put({
      _id: 'wishlist:gone',
      type: 'wishlist',
      name: 'To delete',
      visibility: 'private',
      created_at: now(),
      updated_at: now(),
    });
    await local.replicate.to(remote);
    const gone = await local.get('wishlist:gone');
    await local.put({ ...gone, _deleted: true });
    await local.replicate.to(remote);
    const serverSide = server.deps.couch.server.use(userDbName(server.deps.couch, alice.user.id));
    expect(((await serverSide.get('wishlist:edits')) as unknown as { name: string }).name).toBe(
      'Second name',
    );
    await expect(serverSide.get('wishlist:gone')).rejects.toMatchObject({ statusCode: 404 });
    await local.close();
  });

  it('refuses server-owned and malformed documents written by the user', async () => {
    const { local, remote } = localDb(alice.token);
    await local.put({
      _id: 'notification:fake',
      type: 'notification',
      kind: 'x',
      title: 'Fake',
      body: '',
      link: '/',
      created_at: now(),
      read_at: null,
    });
    await local.put({ _id: 'order:1', type: 'order_mirror', status: 'completed' });
    await local.put({
      _id: 'wishlist:bad',
      type: 'wishlist',
      name: '',
      visibility: 'nope',
      created_at: now(),
      updated_at: now(),
    });
    const result = await local.replicate.to(remote);
    expect(result.doc_write_failures).toBe(3);
    const serverSide = server.deps.couch.server.use(userDbName(server.deps.couch, alice.user.id));
    await expect(serverSide.get('notification:fake')).rejects.toMatchObject({ statusCode: 404 });

    const put = await gateway(alice.token, '/order%3A2', {
      method: 'PUT',
      body: JSON.stringify({ type: 'order_mirror' }),
    });
    expect(put.status).toBe(403);
    expect(((await put.json()) as { reason: string }).reason).toMatch(/written by the server/);
    await local.close();
  });

  it('lets the user mark a server notification read', async () => {
    const serverSide = server.deps.couch.server.use(userDbName(server.deps.couch, alice.user.id));
    const doc = (await serverSide.get('notification:welcome')) as unknown as Record<
      string,
      unknown
    >;
    const res = await gateway(alice.token, '/notification%3Awelcome', {
      method: 'PUT',
      body: JSON.stringify({ ...doc, read_at: now() }),
    });
    expect(res.status).toBe(201);
  });
});

describe('sync gateway: requests it spares the database', () => {
  /** Counts the gateway's requests to the database while `work` runs. */
  async function upstreamRequests(work: () => Promise<void>): Promise<string[]> {
    const couch = server.deps.couch;
    const original = couch.fetch;
    const seen: string[] = [];
    couch.fetch = (url, init) => {
      seen.push(`${init.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      return original(url, init);
    };
    try {
      await work();
    } finally {
      couch.fetch = original;
    }
    return seen;
  }

  /** A draft written through the gateway, and a `latest=true` pull of a revision of it. */
  async function draftToPull(prefix: string) {
    const key = `${prefix}-${Math.random().toString(36).slice(2)}`;
    const id = `draft:gig:${key}`;
    const put = await gateway(alice.token, `/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: JSON.stringify(draft(key)),
    });
    expect(put.status).toBe(201);
    const { rev } = (await put.json()) as { rev: string };
    const pull = (revision: string) =>
      gateway(alice.token, '/_bulk_get?revs=true&latest=true', {
        method: 'POST',
        body: JSON.stringify({ docs: [{ id, rev: revision }] }),
      });
    return { id, rev, pull };
  }

  it.skipIf(externalCouch)(
    'sends a latest=true pull straight to the embedded server, which answers a revision it lacks as missing',
    async () => {
      const { id, rev, pull } = await draftToPull('latest');
      let answer: unknown;
      const requests = await upstreamRequests(async () => {
        answer = await (await pull(rev)).json();
        // A revision the document lacks used to make the embedded server exit.
        expect((await pull('1-abc')).status).toBe(200);
      });
      expect(requests.map((r) => r.split(' ')[1]!.split('/').pop())).toEqual([
        '_bulk_get',
        '_bulk_get',
      ]);
      expect(answer).toMatchObject({ results: [{ id, docs: [{ ok: { _id: id, _rev: rev } }] }] });
      expect((await gateway(alice.token, '/')).status).toBe(200);
    },
  );

  it.skipIf(!externalCouch)(
    'checks the revisions of a latest=true pull with another server only when no feed of its named them',
    async () => {
      const { id, rev, pull } = await draftToPull('seen');

      // Not named by a feed yet: checked first (_revs_diff), then read.
      const before = await upstreamRequests(async () => {
        expect((await pull(rev)).status).toBe(200);
      });
      expect(before.filter((r) => r.endsWith('/_revs_diff'))).toHaveLength(1);

      // The feed names it: the pull that follows goes straight to the database.
      const feed = await gateway(alice.token, '/_changes?style=all_docs&since=0&limit=1000');
      expect(
        ((await feed.json()) as { results: { id: string }[] }).results.map((r) => r.id),
      ).toContain(id);
      let answer: unknown;
      const after = await upstreamRequests(async () => {
        answer = await (await pull(rev)).json();
      });
      expect(after.map((r) => r.split(' ')[1]!.split('/').pop())).toEqual(['_bulk_get']);
      expect(answer).toMatchObject({ results: [{ id, docs: [{ ok: { _id: id, _rev: rev } }] }] });

      // A revision no feed named is still checked (the embedded server exits on one it lacks).
      const unknown = await upstreamRequests(async () => {
        expect((await pull('1-abc')).status).toBe(200);
      });
      expect(unknown.filter((r) => r.endsWith('/_revs_diff'))).toHaveLength(1);
    },
  );

  it("answers the database's information read in the last seconds again (PouchDB reads it after every batch)", async () => {
    let first: unknown;
    let second: unknown;
    const requests = await upstreamRequests(async () => {
      first = await (await gateway(bob.token, '')).json();
      second = await (await gateway(bob.token, '')).json();
    });
    expect(requests).toHaveLength(1);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ db_name: userDbName(server.deps.couch, bob.user.id) });
    // Another member's is theirs.
    const alices = (await (await gateway(alice.token, '')).json()) as { db_name: string };
    expect(alices.db_name).toBe(userDbName(server.deps.couch, alice.user.id));
  });

  it('answers the read of a checkpoint it wrote without the database, as the database would', async () => {
    const id = `_local/cp-${Math.random().toString(36).slice(2)}`;
    const path = `/${id}`;
    const put = await gateway(alice.token, path, {
      method: 'PUT',
      body: JSON.stringify({
        _id: id,
        last_seq: '7',
        history: [{ last_seq: '7', session_id: 's' }],
      }),
    });
    expect(put.status).toBe(201);
    const { rev } = (await put.json()) as { rev: string };

    let kept: unknown;
    const requests = await upstreamRequests(async () => {
      const res = await gateway(alice.token, path);
      expect(res.status).toBe(200);
      kept = await res.json();
    });
    expect(requests).toEqual([]);
    const stored = await server.deps.couch.server
      .use(userDbName(server.deps.couch, alice.user.id))
      .get(id);
    expect(kept).toEqual(stored);
    expect(kept).toMatchObject({ _id: id, _rev: rev, last_seq: '7' });

    // Another member's checkpoint of the same id is theirs: read from their database.
    expect((await gateway(bob.token, path)).status).toBe(404);
  });

  /** The checkpoint `id` of alice's database as the database holds it (undefined: none). */
  const storedCheckpoint = async (id: string) => {
    const db = server.deps.couch.server.use(userDbName(server.deps.couch, alice.user.id));
    return (await db.get(id).catch(() => undefined)) as
      { _rev: string; last_seq: string } | undefined;
  };

  it('takes a live replication’s checkpoint writes in memory; the database gets the latest one', async () => {
    const id = `_local/cp-${Math.random().toString(36).slice(2)}`;
    const put = (rev: string | undefined, seq: string) =>
      gateway(alice.token, `/${id}`, {
        method: 'PUT',
        body: JSON.stringify({ _id: id, ...(rev ? { _rev: rev } : {}), last_seq: seq }),
      });
    const first = await put(undefined, '1');
    expect(first.status).toBe(201);
    let rev = ((await first.json()) as { rev: string }).rev;

    // The batches after: answered at once, each with a revision of its own, none written yet.
    const requests = await upstreamRequests(async () => {
      for (const seq of ['2', '3', '4']) {
        const res = await put(rev, seq);
        expect(res.status).toBe(201);
        const answer = (await res.json()) as { ok: boolean; id: string; rev: string };
        expect(answer).toMatchObject({ ok: true, id });
        expect(answer.rev).not.toBe(rev);
        rev = answer.rev;
        const read = await gateway(alice.token, `/${id}`);
        expect(await read.json()).toEqual({ _id: id, _rev: rev, last_seq: seq });
      }
      // A write that names a revision this instance did not answer is the database's to
      // judge: refused there.
      expect((await put('0-99', '9')).status).toBe(409);
    });
    expect(requests).toEqual([`PUT /${userDbName(server.deps.couch, alice.user.id)}/${id}`]);
    // That refusal dropped the entry: the database still holds the first checkpoint.
    expect((await storedCheckpoint(id))?.last_seq).toBe('1');

    // PouchDB reads it again (from the database) and writes it there; the writes after are
    // taken in memory again, and written out by the flush (as at shutdown).
    const fresh = (await (await gateway(alice.token, `/${id}`)).json()) as { _rev: string };
    const again = await put(fresh._rev, '5');
    expect((await storedCheckpoint(id))?.last_seq).toBe('5');
    expect((await put(((await again.json()) as { rev: string }).rev, '6')).status).toBe(201);
    expect((await storedCheckpoint(id))?.last_seq).toBe('5');
    await flushCheckpoints(server.deps);
    expect((await storedCheckpoint(id))?.last_seq).toBe('6');
  });

  it('a checkpoint written in memory is deleted with the revision the client was answered', async () => {
    const id = `_local/cp-${Math.random().toString(36).slice(2)}`;
    const first = await gateway(alice.token, `/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ _id: id, last_seq: '1' }),
    });
    const { rev } = (await first.json()) as { rev: string };
    const second = await gateway(alice.token, `/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ _id: id, _rev: rev, last_seq: '2' }),
    });
    expect(second.status).toBe(201);
    const { rev: latest } = (await second.json()) as { rev: string };
    // HEAD answers it as the client knows it.
    const head = await gateway(alice.token, `/${id}`, { method: 'HEAD' });
    expect(head.headers.get('etag')).toBe(`"${latest}"`);
    // The database has another revision of it: the gateway sends that one.
    const deleted = await gateway(alice.token, `/${id}?rev=${latest}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await storedCheckpoint(id)).toBeUndefined();
    await flushCheckpoints(server.deps);
    expect(await storedCheckpoint(id)).toBeUndefined();
  });

  it('a checkpoint written elsewhere meanwhile is never written over: the client reads it again', async () => {
    const id = `_local/cp-${Math.random().toString(36).slice(2)}`;
    const path = `/${id}`;
    const put = await gateway(alice.token, path, {
      method: 'PUT',
      body: JSON.stringify({ _id: id, last_seq: '1' }),
    });
    expect(put.status).toBe(201);
    // The same replication through another API instance (written straight to the database).
    const db = server.deps.couch.server.use(userDbName(server.deps.couch, alice.user.id));
    const current = await db.get(id);
    const other = await db.insert({ ...current, last_seq: '2' } as never);
    await db.insert({ ...current, _rev: other.rev, last_seq: '2' } as never);

    // The kept copy is stale: the client's write with its revision is taken in memory...
    const stale = (await (await gateway(alice.token, path)).json()) as { _rev: string };
    const taken = await gateway(alice.token, path, {
      method: 'PUT',
      body: JSON.stringify({ _id: id, _rev: stale._rev, last_seq: '3' }),
    });
    expect(taken.status).toBe(201);
    const { rev: mine } = (await taken.json()) as { rev: string };
    // ...but its write to the database is refused there, and dropped: the other stays.
    await flushCheckpoints(server.deps);
    expect((await storedCheckpoint(id))?.last_seq).toBe('2');

    // The client's next write is the database's to judge: refused, as the revision is not its
    // own (one that happened to be would be taken: a checkpoint a client writes is true). The
    // next read comes from the database too.
    const refused = await gateway(alice.token, path, {
      method: 'PUT',
      body: JSON.stringify({ _id: id, _rev: mine, last_seq: '4' }),
    });
    expect(refused.status).toBe(409);
    let fresh: { _rev: string; last_seq: string } | undefined;
    const requests = await upstreamRequests(async () => {
      fresh = (await (await gateway(alice.token, path)).json()) as typeof fresh;
    });
    expect(requests).toHaveLength(1);
    expect(fresh?.last_seq).toBe('2');
    const written = await gateway(alice.token, path, {
      method: 'PUT',
      body: JSON.stringify({ _id: id, _rev: fresh!._rev, last_seq: '4' }),
    });
    expect(written.status).toBe(201);
  });
});

describe('sync gateway: boundaries', () => {
  it('maps the token to its own database only', async () => {
    const info = (await (await gateway(alice.token)).json()) as { db_name: string };
    expect(info.db_name).toBe(userDbName(server.deps.couch, alice.user.id));
    const bobDb = server.deps.couch.server.use(userDbName(server.deps.couch, bob.user.id));
    await bobDb.insert({
      _id: 'draft:job:secret',
      type: 'draft',
      form: 'job',
      key: 'secret',
      fields: { title: 'Bob only' },
      updated_at: now(),
    } as never);
    expect((await gateway(alice.token, '/draft%3Ajob%3Asecret')).status).toBe(404);
    const all = (await (await gateway(alice.token, '/_all_docs')).json()) as {
      rows: { id: string }[];
    };
    expect(all.rows.map((r) => r.id)).not.toContain('draft:job:secret');
    expect((await gateway(bob.token, '/draft%3Ajob%3Asecret')).status).toBe(200);
  });

  it("applies a change of a database's _security at once (the embedded server keeps it in memory)", async () => {
    const member = (await api.post<Session>('/api/register', { body: newAccount() })).body;
    const db = userDbName(server.deps.couch, member.user.id);
    const setSecurity = (body: object) =>
      server.deps.couch.server.request({ db, path: '_security', method: 'PUT', body });
    const { couch } = server.deps;
    const allowed = {
      admins: { names: [], roles: ['_admin'] },
      members: { names: [couch.gatewayUser], roles: ['_admin'] },
    };
    expect((await gateway(member.token, '/_all_docs')).status).toBe(200);
    await setSecurity({ ...allowed, members: { names: ['somebody-else'], roles: ['_admin'] } });
    // The gateway's account is no longer a member: the database refuses it (401 or 403, which
    // the gateway answers as a failure of its own, never as the member's data).
    const refused = await gateway(member.token, '/_all_docs');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await refused.text()).not.toContain('"rows"');
    await setSecurity(allowed);
    expect((await gateway(member.token, '/_all_docs')).status).toBe(200);
  });

  it('refuses path tricks, system endpoints, design documents and _security', async () => {
    const attempts: [string, string][] = [
      ['GET', '/_design/app'],
      ['GET', '/_design%2Fapp'],
      ['GET', '/%5Fdesign%2Fapp'],
      ['GET', '/%255Fdesign%252Fapp'],
      ['PUT', '/_design%2Fevil'],
      ['GET', '/_security'],
      ['PUT', '/_security'],
      ['GET', '/%5Fsecurity'],
      // Where the embedded server keeps _security: a member rewriting it could lock the
      // gateway out of their database, or let others in.
      ['GET', '/_local/_security'],
      ['PUT', '/_local/_security'],
      ['PUT', '/_local/%5Fsecurity'],
      ['DELETE', '/_local/_security'],
      ['GET', '/..%2F_all_dbs'],
      ['GET', '/..%2F' + userDbName(server.deps.couch, bob.user.id) + '%2F_all_docs'],
      ['GET', '/_all_dbs'],
      ['GET', '/_users'],
      ['POST', '/_replicate'],
      ['GET', '/_config'],
      ['POST', '/_temp_view'],
      ['POST', '/_view_cleanup'],
      ['POST', '/_compact'],
      ['POST', '/_purge'],
      ['GET', '/_design_docs'],
      ['POST', '/_index'],
      ['POST', ''],
      ['DELETE', ''],
      ['PUT', ''],
      ['POST', '/_find'],
      ['POST', '/_ensure_full_commit'],
      ['GET', '/draft%3Ax/att/extra'],
    ];
    for (const [method, pathname] of attempts) {
      const res = await gateway(alice.token, pathname, {
        method,
        body: ['PUT', 'POST'].includes(method) ? '{}' : undefined,
      });
      expect(res.status, `${method} ${pathname}`).toBe(403);
    }
    expect((await gateway(alice.token)).status).toBe(200);
    // Dot segments, plain or encoded, are resolved by the URL parser before sending: such a
    // path never reaches the gateway at all.
    for (const pathname of ['/api/sync/db/../../_all_dbs', '/api/sync/db/%2E%2E/_all_dbs']) {
      const escaped = await server.request(pathname, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(escaped.status, pathname).toBe(404);
      expect(await escaped.text()).not.toContain('userdb-');
    }
  });

  it('accepts replication batches larger than the JSON limit (attachments travel inline)', async () => {
    const big = {
      _id: 'draft:gig:big',
      type: 'draft',
      form: 'gig',
      key: 'big',
      fields: { text: 'x'.repeat(150_000) },
      updated_at: now(),
    };
    const docs = Array.from({ length: 10 }, (_, i) => ({
      ...big,
      _id: `draft:gig:big${i}`,
      key: `big${i}`,
    }));
    const res = await gateway(alice.token, '/_bulk_docs', {
      method: 'POST',
      body: JSON.stringify({ docs }),
    });
    expect(res.status).toBe(201);
  });

  it('refuses design documents inside _bulk_docs and _bulk_get', async () => {
    const bulk = await gateway(alice.token, '/_bulk_docs', {
      method: 'POST',
      body: JSON.stringify({
        docs: [
          {
            _id: 'wishlist:ok',
            type: 'wishlist',
            name: 'ok',
            visibility: 'public',
            created_at: now(),
            updated_at: now(),
          },
          { _id: '_design/evil', validate_doc_update: 'function(){}' },
        ],
      }),
    });
    expect(bulk.status).toBe(403);
    const get = await gateway(alice.token, '/_bulk_get', {
      method: 'POST',
      body: JSON.stringify({ docs: [{ id: '_design/app' }] }),
    });
    expect(get.status).toBe(403);
    const keys = await gateway(alice.token, '/_all_docs', {
      method: 'POST',
      body: JSON.stringify({ keys: ['_design/app'] }),
    });
    expect(keys.status).toBe(403);
  });

  it('hides the design document from _changes and _all_docs', async () => {
    const changes = (await (await gateway(alice.token, '/_changes?include_docs=true')).json()) as {
      results: { id: string }[];
    };
    expect(changes.results.length).toBeGreaterThan(0);
    expect(changes.results.some((r) => r.id.startsWith('_design/'))).toBe(false);
    const all = (await (await gateway(alice.token, '/_all_docs?include_docs=true')).json()) as {
      rows: { id: string }[];
    };
    expect(all.rows.some((r) => r.id.startsWith('_design/'))).toBe(false);
    // The validate function is there, server side.
    const serverSide = server.deps.couch.server.use(userDbName(server.deps.couch, alice.user.id));
    expect((await serverSide.get('_design/app'))._id).toBe('_design/app');
  });

  it('answers 401 without a token, with a forged one, and after logout', async () => {
    expect((await server.request('/api/sync/db')).status).toBe(401);
    expect((await server.request('/api/sync/db/_changes')).status).toBe(401);
    expect((await gateway('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged')).status).toBe(401);
    const session = (
      await api.post<Session>('/api/login', {
        body: { email: alice.user.email, password: 'a-good-password' },
      })
    ).body;
    expect((await gateway(session.token)).status).toBe(200);
    await api.post('/api/logout', { token: session.token });
    expect((await gateway(session.token)).status).toBe(401);
  });

  it('ends sync for other sessions at once when the password changes, despite the sync session cache', async () => {
    const body = newAccount();
    const first = (await api.post<Session>('/api/register', { body })).body;
    const second = (
      await api.post<Session>('/api/login', {
        body: { email: body.email, password: body.password },
      })
    ).body;
    expect((await gateway(second.token)).status).toBe(200); // now cached
    await api.put('/api/user/password', {
      token: first.token,
      body: {
        current_password: body.password,
        password: 'changed-password',
        password_confirmation: 'changed-password',
      },
    });
    expect((await gateway(second.token)).status).toBe(401);
    expect((await gateway(first.token)).status).toBe(200);
  });

  it('streams a continuous feed with heartbeats instead of buffering it', async () => {
    const info = (await (await gateway(alice.token)).json()) as { update_seq: string | number };
    const controller = new AbortController();
    const res = await gateway(
      alice.token,
      `/_changes?feed=continuous&heartbeat=500&since=${encodeURIComponent(String(info.update_seq))}`,
      {
        signal: controller.signal,
      },
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const serverSide = server.deps.couch.server.use(userDbName(server.deps.couch, alice.user.id));
    await serverSide.insert({
      _id: 'notification:live',
      type: 'notification',
      kind: 'x',
      title: 'Live',
      body: '',
      link: '/',
      created_at: now(),
      read_at: null,
    } as never);
    let text = '';
    const deadline = Date.now() + 10_000;
    while (!text.includes('notification:live') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('notification:live');
    controller.abort();
  });

  it('ends a long poll at the head of an idle feed within its timeout, with the last seq and no change lost', async () => {
    // bob's database: nothing else writes to it during this test.
    const head = (await (await gateway(bob.token, '/_changes')).json()) as {
      last_seq: string | number;
    };
    const since = encodeURIComponent(String(head.last_seq));
    for (const extra of ['', '&heartbeat=500', '&style=all_docs&limit=100&include_docs=true']) {
      const started = Date.now();
      const res = await gateway(
        bob.token,
        `/_changes?feed=longpoll&since=${since}&timeout=1000${extra}`,
      );
      const text = await res.text();
      const elapsed = Date.now() - started;
      expect(res.status, text).toBe(200);
      const body = JSON.parse(text) as { results: unknown[]; last_seq: string | number };
      expect(body.results, extra).toEqual([]);
      // CouchDB answers with its current seq, the gateway with the one asked from: the same here.
      expect(String(body.last_seq), extra).toBe(String(head.last_seq));
      // The timeout, the gateway's grace for a server that ends it itself, and a loaded machine.
      expect(elapsed, extra).toBeLessThan(1000 + LONGPOLL_GRACE_MS + 3000);
    }

    // A change that comes while the poll waits is answered, and one made between two polls is
    // found by the next (the poll that timed out answered the seq it started from).
    const pending = gateway(bob.token, `/_changes?feed=longpoll&since=${since}&timeout=20000`);
    const serverSide = server.deps.couch.server.use(userDbName(server.deps.couch, bob.user.id));
    await serverSide.insert({ _id: 'notification:poll', ...notification('Poll') } as never);
    const polled = (await (await pending).json()) as { results: { id: string }[] };
    expect(polled.results.map((r) => r.id)).toEqual(['notification:poll']);

    const idle = (await (
      await gateway(bob.token, `/_changes?feed=longpoll&since=${since}&timeout=0`)
    ).json()) as { results: { id: string }[] };
    expect(idle.results.map((r) => r.id)).toEqual(['notification:poll']);
  });
});

const notification = (title: string) => ({
  type: 'notification',
  kind: 'x',
  title,
  body: '',
  link: '/',
  created_at: now(),
  read_at: null,
});

const draft = (key: string, extra: Record<string, unknown> = {}) => ({
  _id: `draft:gig:${key}`,
  type: 'draft',
  form: 'gig',
  key,
  fields: { title: key },
  updated_at: now(),
  ...extra,
});

/** The embedded server's process, when the tests run on it; health must stay up. */
async function expectDatabaseUp(pid: number | undefined) {
  expect((await server.request('/api/health')).status).toBe(200);
  expect(server.deps.couch.embedded?.pid).toBe(pid);
}

async function expectEnvelope(res: Response, status: number, message?: RegExp) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as { message: string };
  expect(Object.keys(body)).toEqual(['message']);
  if (message) expect(body.message).toMatch(message);
}

describe('sync gateway: what a member can send', () => {
  it('refuses the _selector filter and other requests that stopped the database, which keeps running', async () => {
    const pid = server.deps.couch.embedded?.pid;
    const selector = JSON.stringify({ selector: { type: 'notification' } });
    for (const pathname of [
      '/_changes?filter=_selector',
      '/_changes?filter=_selector&feed=longpoll&since=0',
      '/_changes?filter%5B%5D=_selector',
      '/_changes?%66ilter=_selector',
      '/_changes?filter=_doc_ids&filter=_selector',
    ]) {
      await expectEnvelope(
        await gateway(alice.token, pathname, { method: 'POST', body: selector }),
        400,
      );
    }
    await expectDatabaseUp(pid);

    // Each of these made the embedded server exit: latest=true for a revision the document
    // does not have (now sent as it comes: the server answers it as missing, couch/src/child.cjs),
    // attachments whose data is an object or that "follow" in another part.
    expect(
      (
        await gateway(alice.token, '/draft%3Agig%3Alatest', {
          method: 'PUT',
          body: JSON.stringify(draft('latest')),
        })
      ).status,
    ).toBe(201);
    const unknownRev = await gateway(alice.token, '/draft%3Agig%3Alatest?rev=1-abc&latest=true');
    expect(unknownRev.status).toBe(404);
    const openRevs = await gateway(
      alice.token,
      `/draft%3Agig%3Alatest?latest=true&open_revs=${encodeURIComponent('["1-abc"]')}`,
    );
    expect(openRevs.status).toBe(200);
    const bulkGet = await gateway(alice.token, '/_bulk_get?revs=true&latest=true', {
      method: 'POST',
      body: JSON.stringify({ docs: [{ id: 'draft:gig:latest', rev: '1-abc' }] }),
    });
    expect(bulkGet.status).toBe(200);
    expect(await bulkGet.json()).toEqual({
      results: [{ id: 'draft:gig:latest', docs: [{ missing: '1-abc' }] }],
    });
    for (const attachment of [
      { data: {}, content_type: 'text/plain' },
      { follows: true, content_type: 'text/plain', length: 5 },
    ]) {
      await expectEnvelope(
        await gateway(alice.token, '/_bulk_docs', {
          method: 'POST',
          body: JSON.stringify({ docs: [draft('att', { _attachments: { 'a.txt': attachment } })] }),
        }),
        400,
      );
    }
    await expectDatabaseUp(pid);
  });

  it('passes only the query parameters replication uses, with their values; 400 for the rest', async () => {
    const refused: [string, string][] = [
      ['GET', '/_changes?filter=app%2Fx'],
      ['GET', '/_changes?filter=_view&view=app%2Fx'],
      ['GET', '/_changes?view=app%2Fx'],
      ['GET', '/_changes?view%5B%5D=app%2Fx'],
      ['GET', '/_changes?feed%5B%5D=continuous'],
      ['GET', '/_changes?feed=continuous&feed=longpoll'],
      ['GET', '/_changes?feed=eventsource'],
      ['GET', '/_changes?since=now'],
      ['GET', '/_changes?since=%7B%7D'],
      ['GET', '/_changes?heartbeat=1'],
      ['GET', '/_changes?limit=-1'],
      ['GET', '/_changes?style=everything'],
      ['GET', '/_changes?include_docs=yes'],
      ['GET', '/_changes?filter=_doc_ids'],
      ['GET', '/_changes?doc_ids=%5B%22a%22%5D'],
      ['GET', '/_changes?=1'],
      ['GET', '/_changes?x'],
      ['GET', '/_all_docs?startkey=%5B1%5D'],
      ['GET', '/_all_docs?keys=%5B%22a%22%5D'],
      ['GET', '/_all_docs?include_docs=true&include_docs=false'],
      ['GET', '/?x=1'],
      ['GET', '/draft%3Ax?rev=not-a-rev'],
      ['GET', '/draft%3Ax?open_revs=%7B%7D'],
      ['GET', '/draft%3Ax?show=app%2Fx'],
      ['PUT', '/draft%3Agig%3Aq?new_edits=false'],
      ['PUT', '/draft%3Agig%3Aq?batch=ok'],
      ['POST', '/_bulk_docs?new_edits=false'],
      ['POST', '/_revs_diff?x=1'],
      ['POST', '/_bulk_get?revs%5B%5D=true'],
      ['GET', '/_local/x?rev=1-abc'],
    ];
    for (const [method, pathname] of refused) {
      const res = await gateway(alice.token, pathname, {
        method,
        body: method === 'POST' ? '{"docs":[{"id":"a"}]}' : method === 'PUT' ? '{}' : undefined,
      });
      await expectEnvelope(res, 400);
    }
  });

  it('passes what PouchDB sends', async () => {
    await gateway(alice.token, '/draft%3Agig%3Apouch', {
      method: 'PUT',
      body: JSON.stringify(draft('pouch')),
    });
    const allowed: [string, string, unknown, number][] = [
      ['GET', `/_changes?style=all_docs&since=0&limit=100&seq_interval=100`, undefined, 200],
      [
        'GET',
        `/_changes?style=all_docs&since=0&limit=100&feed=longpoll&heartbeat=10000&timeout=1000&include_docs=true&conflicts=true`,
        undefined,
        200,
      ],
      ['POST', `/_changes?filter=_doc_ids&since=0`, { doc_ids: ['draft:gig:pouch'] }, 200],
      ['POST', '/_revs_diff', { 'draft:gig:pouch': ['1-abc'] }, 200],
      ['POST', '/_bulk_get?revs=true&latest=true', { docs: [{ id: 'draft:gig:pouch' }] }, 200],
      [
        'GET',
        `/_all_docs?include_docs=true&startkey=${encodeURIComponent('"wishlist:"')}&endkey=${encodeURIComponent('"wishlist:\ufff0"')}`,
        undefined,
        200,
      ],
      ['POST', '/_all_docs?include_docs=true', { keys: ['draft:gig:pouch'] }, 200],
      ['GET', '/draft%3Agig%3Apouch?revs=true&open_revs=all&latest=true', undefined, 200],
      ['GET', '/draft%3Agig%3Apouch?conflicts=true', undefined, 200],
      ['GET', '/_local/never-written', undefined, 404],
      ['PUT', '/_local/checkpoint', { _id: '_local/checkpoint', last_seq: 1 }, 201],
    ];
    for (const [method, pathname, body, status] of allowed) {
      const res = await gateway(alice.token, pathname, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${pathname}: ${await res.clone().text()}`).toBe(status);
      await res.body?.cancel();
    }
  });

  it('takes only the expected fields, with their types, in request bodies', async () => {
    const refused: [string, unknown][] = [
      ['/_changes', { selector: { type: 'x' } }],
      ['/_changes', { doc_ids: ['a'] }],
      ['/_changes?filter=_doc_ids', {}],
      ['/_changes?filter=_doc_ids', { doc_ids: 'a' }],
      ['/_changes?filter=_doc_ids', { doc_ids: [1] }],
      ['/_all_docs', { keys: ['a'], include_docs: true }],
      ['/_all_docs', { keys: [{}] }],
      ['/_all_docs', []],
      ['/_bulk_get', { docs: [] }],
      ['/_bulk_get', { docs: [{ id: 'a', open_revs: 'all' }] }],
      ['/_bulk_get', { docs: [{ id: 'a', rev: 'x' }] }],
      ['/_bulk_get', { docs: [{ id: 'a' }], x: 1 }],
      ['/_revs_diff', { a: '1-abc' }],
      ['/_revs_diff', { a: [1] }],
      ['/_bulk_docs', { docs: [draft('x')], all_or_nothing: true }],
      ['/_bulk_docs', { docs: [draft('x')], new_edits: 'false' }],
      ['/_bulk_docs', { docs: ['x'] }],
      ['/_bulk_docs', { docs: [draft('x', { _foo: 1 })] }],
      ['/_bulk_docs', { docs: [draft('x', { _rev: 'abc' })] }],
      ['/_bulk_docs', { docs: [draft('x', { _revisions: { start: 'x', ids: 5 } })] }],
    ];
    for (const [pathname, body] of refused) {
      const res = await gateway(alice.token, pathname, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status, `${pathname} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys((await res.json()) as object)).toEqual(['message']);
    }
    await expectEnvelope(
      await gateway(alice.token, '/_bulk_docs', { method: 'POST', body: '{"docs": [' }),
      400,
      /not valid JSON/,
    );
  });

  it('refuses a document whose body names another id than the path (400), and stores neither', async () => {
    const res = await gateway(alice.token, '/draft%3Agig%3Aa', {
      method: 'PUT',
      body: JSON.stringify(draft('b')),
    });
    await expectEnvelope(res, 400, /differs from the id in the path/);
    expect((await gateway(alice.token, '/draft%3Agig%3Ab')).status).toBe(404);
    expect((await gateway(alice.token, '/draft%3Agig%3Aa')).status).toBe(404);
    const local = await gateway(alice.token, '/_local/a', {
      method: 'PUT',
      body: JSON.stringify({ _id: '_local/b' }),
    });
    await expectEnvelope(local, 400, /differs/);

    // The same id, or none, is stored under the path's id.
    const same = await gateway(alice.token, '/draft%3Agig%3Aa', {
      method: 'PUT',
      body: JSON.stringify(draft('a')),
    });
    expect(same.status).toBe(201);
    const { _id: _omitted, ...withoutId } = draft('c');
    const none = await gateway(alice.token, '/draft%3Agig%3Ac', {
      method: 'PUT',
      body: JSON.stringify(withoutId),
    });
    expect(none.status).toBe(201);
    expect(
      ((await (await gateway(alice.token, '/draft%3Agig%3Ac')).json()) as { _id: string })._id,
    ).toBe('draft:gig:c');
  });

  it('refuses deeply nested bodies with a 400 in the envelope, never a stack trace', async () => {
    const pid = server.deps.couch.embedded?.pid;
    const depth = 20_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const stamp = JSON.stringify(now());
    const bulk = await gateway(alice.token, '/_bulk_docs', {
      method: 'POST',
      body: `{"docs":[{"_id":"draft:gig:deep","type":"draft","form":"gig","key":"deep","updated_at":${stamp},"fields":{"a":${deep}}}]}`,
    });
    const text = await bulk.clone().text();
    expect(text).not.toMatch(/RangeError|node_modules|\bat /);
    await expectEnvelope(bulk, 400, /nested too deeply/);
    const put = await gateway(alice.token, '/draft%3Agig%3Adeep', {
      method: 'PUT',
      body: `{"type":"draft","form":"gig","key":"deep","updated_at":${stamp},"fields":{"a":${deep}}}`,
    });
    await expectEnvelope(put, 400, /nested too deeply/);
    // Nesting as deep as documents have is fine.
    const nested = JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown;
    const ok = await gateway(alice.token, '/_bulk_docs', {
      method: 'POST',
      body: JSON.stringify({ docs: [draft('nested', { fields: { a: nested } })] }),
    });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { ok?: boolean }[])[0]?.ok).toBe(true);
    await expectDatabaseUp(pid);
  });
});

describe("the database server's own checks", () => {
  it('checks every user name and password, also right after the same name with the right one', async () => {
    const url = new URL(server.deps.couch.url);
    const basic = (name: string, password: string) =>
      `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
    const right = basic(decodeURIComponent(url.username), decodeURIComponent(url.password));
    const wrong = basic(decodeURIComponent(url.username), 'not-the-password');
    const ask = async (authorization: string) =>
      (await fetch(`${server.deps.couch.origin}/_all_dbs`, { headers: { authorization } })).status;
    // Twice each way, interleaved: a kept check (the embedded server keeps successful ones for
    // a few seconds) never lets another password through, nor keeps a failure.
    expect(await ask(right)).toBe(200);
    expect(await ask(wrong)).toBe(401);
    expect(await ask(right)).toBe(200);
    expect(await ask(wrong)).toBe(401);
  });
});

describe('sync gateway: what the database answers', () => {
  // A database that fails the way pouchdb-server does: stack traces with the server's paths.
  const STACK =
    'RangeError: Maximum call stack size exceeded\n    at JSON.stringify (<anonymous>)\n    at /srv/app/node_modules/pouchdb-validation/lib/index.js:41:12';
  let upstream: Server;
  let front: ServerType;
  let frontUrl: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const url = req.url ?? '';
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.includes('/_changes')) json(500, { error: 'RangeError', reason: STACK });
      else if (url.includes('/_all_docs')) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end(STACK);
      } else if (url.includes('/_bulk_docs'))
        json(201, [
          { id: 'draft:gig:x', error: 'RangeError', reason: STACK },
          {
            id: 'draft:gig:y',
            error: 'forbidden',
            reason: 'form must be text of 1 to 40 characters.',
          },
          { ok: true, id: 'draft:gig:z', rev: '1-abc' },
        ]);
      else if (url.includes('/_revs_diff')) {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end(`<pre>${STACK}</pre>`);
      } else json(404, { error: 'not_found', reason: STACK });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    // The same API, its gateway pointed at that database (sessions still checked for real).
    const app = createApp({ ...server.deps, couch: { ...server.deps.couch, origin } });
    const port = await new Promise<number>((resolve) => {
      front = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(info.port),
      );
    });
    frontUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => front.close(resolve));
    await new Promise((resolve) => upstream.close(resolve));
  });

  const via = (pathname: string, init: RequestInit = {}) =>
    fetch(`${frontUrl}/api/sync/db${pathname}`, {
      ...init,
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
    });

  it('maps a server error to 502 and an unavailable database to 503, in the envelope', async () => {
    for (const [res, status] of [
      [await via('/_changes?since=0'), 502],
      [await via('/_revs_diff', { method: 'POST', body: '{"a":["1-abc"]}' }), 502],
      [await via('/_all_docs'), 503],
    ] as const) {
      const text = await res.text();
      expect(text).not.toMatch(/RangeError|node_modules|\/srv\//);
      expect(res.status).toBe(status);
      expect(Object.keys(JSON.parse(text) as object)).toEqual(['message']);
    }
  });

  it('keeps CouchDB errors for the client but never a stack trace in them', async () => {
    const missing = await via('/draft%3Agig%3Ax');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: 'not_found',
      reason: 'The database refused this request.',
    });
    const bulk = await via('/_bulk_docs', {
      method: 'POST',
      body: JSON.stringify({ docs: [draft('x'), draft('y'), draft('z')] }),
    });
    expect(bulk.status).toBe(201);
    expect(await bulk.json()).toEqual([
      { id: 'draft:gig:x', error: 'error', reason: 'The database refused this request.' },
      { id: 'draft:gig:y', error: 'forbidden', reason: 'form must be text of 1 to 40 characters.' },
      { ok: true, id: 'draft:gig:z', rev: '1-abc' },
    ]);
  });
});
