import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import { client, latestMail, linkIn, newAccount, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'false' });
  api = client(server);
});
afterAll(() => server.close());

const now = () => new Date().toISOString();
const put = (token: string, id: string, doc: Record<string, unknown>) =>
  server.request(`/api/sync/db/${encodeURIComponent(id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
const me = async (token: string) =>
  (
    await api.get<{
      user: { new_notifications_count: number };
      wishlists: { id: string; name: string; items: unknown[] }[];
    }>('/api/user', { token })
  ).body;

describe('notifications written by the server', () => {
  it('welcome, email verified, new device and password changed land in the user database; the count is live', async () => {
    const body = newAccount();
    const session = (
      await api.post<Session>('/api/register', {
        body,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' },
      })
    ).body;
    expect((await me(session.token)).user.new_notifications_count).toBe(1);

    const link = linkIn((await latestMail(server, body.email))!.text);
    await api.post(`/api/email/verify/${session.user.id}`, {
      body: {
        expires: link.searchParams.get('expires'),
        signature: link.searchParams.get('signature'),
      },
    });
    expect((await me(session.token)).user.new_notifications_count).toBe(2);

    // The same browser again is not news; another one is.
    await api.post('/api/login', {
      body: { email: body.email, password: body.password },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' },
    });
    expect((await me(session.token)).user.new_notifications_count).toBe(2);
    await api.post('/api/login', {
      body: { email: body.email, password: body.password },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/605.1' },
    });
    expect((await me(session.token)).user.new_notifications_count).toBe(3);

    await api.put('/api/user/password', {
      token: session.token,
      body: {
        current_password: body.password,
        password: 'another-password',
        password_confirmation: 'another-password',
      },
    });
    expect((await me(session.token)).user.new_notifications_count).toBe(4);

    // Marking one read through the sync gateway lowers the count.
    const all = (await (
      await server.request('/api/sync/db/_all_docs?include_docs=true', {
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as {
      rows: { doc: Record<string, unknown> & { type: string; kind: string; body: string } }[];
    };
    const notifications = all.rows.map((r) => r.doc).filter((d) => d.type === 'notification');
    expect(notifications.map((n) => n.kind).sort()).toEqual([
      'email-verified',
      'new-login',
      'password-changed',
      'welcome',
    ]);
    expect(notifications.find((n) => n.kind === 'new-login')!.body).toContain('Safari on iOS');
    const welcome = notifications.find((n) => n.kind === 'welcome')!;
    expect(
      (await put(session.token, String(welcome._id), { ...welcome, read_at: now() })).status,
    ).toBe(201);
    expect((await me(session.token)).user.new_notifications_count).toBe(3);
  });
});

describe('the unread count', () => {
  it('is read from a design document of its own, which a database made before it gets on the first count', async () => {
    const session = (await api.post<Session>('/api/register', { body: newAccount() })).body;
    const own = server.deps.couch.server.use(userDbName(server.deps.couch, session.user.id));
    // As a database made before the notifications design document: only the app one, whose
    // views (every document, every message) the count no longer waits for.
    const design = await own.get('_design/notifications');
    await own.destroy('_design/notifications', design._rev);
    await own.insert({
      _id: 'notification:welcome:older',
      type: 'notification',
      kind: 'welcome',
      title: 'Older',
      body: 'Unread',
      link: '/profile',
      created_at: now(),
      read_at: null,
    } as never);
    expect((await me(session.token)).user.new_notifications_count).toBe(2);
    expect((await own.get('_design/notifications'))._id).toBe('_design/notifications');
    const rows = (await own.view('notifications', 'unread', { limit: 10 })).rows;
    expect(rows.map((row) => row.id)).toContain('notification:welcome:older');
    expect(rows).toHaveLength(2);
  });
});

describe('wishlists and the project box', () => {
  it('GET /api/user returns all own wishlists; the public page shows only public ones', async () => {
    const body = newAccount();
    const session = (await api.post<Session>('/api/register', { body })).body;
    const tag = `lists_${Date.now().toString(36)}`;
    await api.put('/api/user/tagname', { token: session.token, body: { tagname: tag } });
    for (const [id, name, visibility] of [
      ['wishlist:a', 'Kyoto food', 'public'],
      ['wishlist:b', 'Surprise for Ana', 'private'],
    ] as const) {
      expect(
        (
          await put(session.token, id, {
            type: 'wishlist',
            name,
            visibility,
            created_at: now(),
            updated_at: now(),
          })
        ).status,
      ).toBe(201);
    }
    const item = {
      type: 'wishlist_item',
      list_id: 'wishlist:a',
      kind: 'gig',
      ref: 'gig-123',
      title: 'Market walk',
      added_at: now(),
    };
    expect((await put(session.token, 'wishitem:wishlist:a:gig:gig-123', item)).status).toBe(201);

    const own = await me(session.token);
    expect(own.wishlists.map((w) => w.name)).toEqual(['Kyoto food', 'Surprise for Ana']);
    expect(own.wishlists[0]!.items).toEqual([
      { kind: 'gig', ref: 'gig-123', title: 'Market walk', image: null, added_at: item.added_at },
    ]);

    const publicLists = await api.get<{ data: { name: string }[] }>(`/api/user/${tag}/wishlists`);
    expect(publicLists.status).toBe(200);
    expect(publicLists.body.data.map((w) => w.name)).toEqual(['Kyoto food']);
    expect((await api.get('/api/user/nobody_like_this/wishlists')).status).toBe(404);
  });

  it("refuses a wishlist item whose picture is not one of the app's images or an https URL", async () => {
    const session = (await api.post<Session>('/api/register', { body: newAccount() })).body;
    expect(
      (
        await put(session.token, 'wishlist:pics', {
          type: 'wishlist',
          name: 'Pictures',
          visibility: 'public',
          created_at: now(),
          updated_at: now(),
        })
      ).status,
    ).toBe(201);
    const item = (ref: string, image: unknown) => ({
      type: 'wishlist_item',
      list_id: 'wishlist:pics',
      kind: 'gig',
      ref,
      title: 'A gig',
      image,
      added_at: now(),
    });
    for (const [ref, image] of [
      ['g1', 'javascript:alert(document.cookie)'],
      ['g2', 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+'],
      ['g3', 'http://plain.example.com/a.jpg'],
      ['g4', '/api/user'],
    ] as const) {
      const res = await put(session.token, `wishitem:wishlist:pics:gig:${ref}`, item(ref, image));
      expect(res.status, image).toBe(403);
      // validate_doc_update's reason (the gateway passes CouchDB's refusal on).
      expect(JSON.stringify(await res.json()), image).toMatch(/own image paths or an https URL/);
    }
    // The pictures the app writes, and https ones, are stored.
    for (const [ref, image] of [
      ['g5', '/api/gigs/Ab3_x-9/images/0a1b2c3d4e5f'],
      ['g6', `/api/files/avatar/${session.user.id}?v=abc123`],
      ['g7', 'https://images.example.com/kyoto.jpg'],
    ] as const) {
      const res = await put(session.token, `wishitem:wishlist:pics:gig:${ref}`, item(ref, image));
      expect(res.status, image).toBe(201);
    }
    // One stored before pictures were checked (written here as the server) is not handed out.
    await server.deps.couch.server
      .use(userDbName(server.deps.couch, session.user.id))
      .insert({ _id: 'wishitem:wishlist:pics:gig:old', ...item('old', 'javascript:alert(1)') });
    const lists = (await me(session.token)).wishlists as {
      items: { ref: string; image: string | null }[];
    }[];
    expect(Object.fromEntries(lists[0]!.items.map((i) => [i.ref, i.image]).sort())).toEqual({
      g5: '/api/gigs/Ab3_x-9/images/0a1b2c3d4e5f',
      g6: `/api/files/avatar/${session.user.id}?v=abc123`,
      g7: 'https://images.example.com/kyoto.jpg',
      old: null,
    });
  });

  it('GET /api/projectbox lists the entries of the user database, newest first', async () => {
    const session = (await api.post<Session>('/api/register', { body: newAccount() })).body;
    expect((await api.get('/api/projectbox', { token: session.token })).body).toEqual({ data: [] });
    await put(session.token, 'projectbox:p1', {
      type: 'projectbox',
      project_id: 'p1',
      title: 'Festival crew',
      relations: ['saved'],
      notes: 'Ask about dates',
      updated_at: '2026-11-01T00:00:00.000Z',
    });
    await put(session.token, 'projectbox:p2', {
      type: 'projectbox',
      project_id: 'p2',
      title: 'Walking tour design',
      relations: ['saved'],
      notes: '',
      updated_at: '2026-11-10T00:00:00.000Z',
    });
    const res = await api.get<{ data: { project_id: string; notes: string }[] }>(
      '/api/projectbox',
      { token: session.token },
    );
    expect(res.body.data.map((e) => e.project_id)).toEqual(['p2', 'p1']);
    expect(res.body.data[1]!.notes).toBe('Ask about dates');
    expect((await api.get('/api/projectbox')).status).toBe(401);
  });
});
