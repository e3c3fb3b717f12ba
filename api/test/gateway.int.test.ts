import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import { client, newAccount, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

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
      ['GET', '/_changes?filter=app%2Fx'],
      ['GET', '/_changes?filter=_view&view=app%2Fx'],
      ['GET', '/draft%3Ax/att/extra'],
    ];
    for (const [method, pathname] of attempts) {
      const res = await gateway(alice.token, pathname, {
        method,
        body: ['PUT', 'POST'].includes(method) ? '{}' : undefined,
      });
      expect(res.status, `${method} ${pathname}`).toBe(403);
    }
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
});
