import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let admin: Session;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  admin = (
    await api.post<Session>('/api/admin/login', {
      body: { email: 'admin@wayfarer.test', password: 'wayfarer-demo' },
    })
  ).body;
  for (const [role, email] of Object.entries({
    Customer: 'sofia@wayfarer.test',
    Agent: 'amara@wayfarer.test',
    Lecturer: 'helen@wayfarer.test',
    Student: 'mei@wayfarer.test',
  })) {
    tokens[role] = (
      await api.post<Session>('/api/login', { body: { email, password: 'wayfarer-demo' } })
    ).body.token;
  }
});
afterAll(() => server.close());

describe('every /api/admin route', () => {
  it('refuses guests (401) and every non-admin role (403)', async () => {
    const routes = server.app.routes.filter(
      (r) =>
        r.path.startsWith('/api/admin/') && r.method !== 'ALL' && r.path !== '/api/admin/login',
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const path = route.path.replace(/:[a-zA-Z]+/g, 'x');
      const init = {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        body: ['GET', 'DELETE'].includes(route.method) ? undefined : '{}',
      };
      const guest = await server.request(path, init);
      expect(guest.status, `guest ${route.method} ${route.path}`).toBe(401);
      for (const [role, token] of Object.entries(tokens)) {
        const res = await server.request(path, {
          ...init,
          headers: { ...init.headers, authorization: `Bearer ${token}` },
        });
        expect(res.status, `${role} ${route.method} ${route.path}`).toBe(403);
      }
    }
  });
});

describe('users', () => {
  it('lists, searches, filters, sorts and paginates', async () => {
    const all = await api.get<{ data: { email: string; role: string }[]; meta: { total: number } }>(
      '/api/admin/users?per_page=100',
      { token: admin.token },
    );
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(12);
    const agents = await api.get<{ data: { role: string }[] }>('/api/admin/users?role=Agent', {
      token: admin.token,
    });
    expect(agents.body.data).toHaveLength(4);
    expect(agents.body.data.every((u) => u.role === 'Agent')).toBe(true);
    const search = await api.get<{ data: { email: string }[] }>('/api/admin/users?search=KENJI', {
      token: admin.token,
    });
    expect(search.body.data.map((u) => u.email)).toEqual(['kenji@wayfarer.test']);
    const byName = await api.get<{ data: { full_name: string }[] }>(
      '/api/admin/users?sort=name&per_page=2&page=1',
      { token: admin.token },
    );
    expect(byName.body.data.map((u) => u.full_name)).toEqual(['Ada Okafor', 'Aisha Bello']);
    const bad = await api.get<{ errors: Record<string, string[]> }>(
      '/api/admin/users?role=Pirate&sort=random&per_page=1000',
      { token: admin.token },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['per_page', 'role', 'sort']);
  });

  it('suspends a user who is logged in elsewhere: their next request is refused and login says why', async () => {
    const body = newAccount({ role: 'Agent' });
    const victim = (await api.post<Session>('/api/register', { body })).body;
    expect((await api.get('/api/user', { token: victim.token })).status).toBe(200);

    const patched = await api.patch<{ user: { status: string } }>(
      `/api/admin/users/${victim.user.id}`,
      { token: admin.token, body: { status: 'suspended' } },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.user.status).toBe('suspended');
    const refused = await api.get<{ message: string }>('/api/user', { token: victim.token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/suspended/);
    const login = await api.post<{ message: string }>('/api/login', {
      body: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/suspended/);

    await api.patch(`/api/admin/users/${victim.user.id}`, {
      token: admin.token,
      body: { status: 'active', role: 'Customer', email_verified: true },
    });
    const back = await api.post<Session & { user: { role: string; email_verified_at: string } }>(
      '/api/login',
      { body: { email: body.email, password: body.password } },
    );
    expect(back.status).toBe(200);
    expect(back.body.user.role).toBe('Customer');
    expect(back.body.user.email_verified_at).not.toBeNull();

    const details = await api.get<{
      user: { email: string };
      activity: unknown[];
      audit: { action: string; before: { status: string }; after: { status: string } }[];
    }>(`/api/admin/users/${victim.user.id}`, { token: admin.token });
    expect(details.body.user.email).toBe(body.email.toLowerCase());
    expect(details.body.activity.length).toBeGreaterThan(0);
    expect(details.body.audit.map((a) => a.action)).toEqual(['user.reactivate', 'user.suspend']);
    expect(details.body.audit[1]).toMatchObject({
      before: { status: 'active' },
      after: { status: 'suspended' },
    });
  });

  it('refuses bad changes and changes to oneself', async () => {
    const victim = (await api.post<Session>('/api/register', { body: newAccount() })).body;
    const bad = await api.patch<{ errors: Record<string, string[]> }>(
      `/api/admin/users/${victim.user.id}`,
      { token: admin.token, body: { role: 'Pirate', status: 'gone' } },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['role', 'status']);
    expect(
      (await api.patch(`/api/admin/users/${victim.user.id}`, { token: admin.token, body: {} }))
        .status,
    ).toBe(422);
    expect(
      (
        await api.patch(`/api/admin/users/${victim.user.id}`, {
          token: admin.token,
          body: { password_hash: 'x' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api.patch(`/api/admin/users/${admin.user.id}`, {
          token: admin.token,
          body: { status: 'suspended' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api.patch('/api/admin/users/nobody', {
          token: admin.token,
          body: { status: 'active' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api.delete(`/api/admin/users/${admin.user.id}`, { token: admin.token })).status,
    ).toBe(409);
    expect(
      (await api.delete(`/api/admin/users/${victim.user.id}`, { token: admin.token })).status,
    ).toBe(204);
    expect((await api.get('/api/user', { token: victim.token })).status).toBe(401);
  });
});

describe('services', () => {
  it('creates, edits, deactivates and deletes; the public list and page follow at once', async () => {
    const publicNames = async () =>
      ((await api.get<unknown>('/api/getServices')).body as { name: string }[]).map((s) => s.name);
    // The list is cached per instance: read it first, so each write below must refresh it.
    expect(await publicNames()).not.toContain('Dive Instructor');
    const created = await api.post<{ service: { id: string } }>('/api/admin/services', {
      token: admin.token,
      body: {
        name: 'Dive Instructor',
        description: 'Certified instructors for reef and wreck dives.',
        status: 'active',
        icon: 'wave',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.service.id).toBe('dive-instructor');
    // A write is visible to the next read on the instance that made it.
    expect(await publicNames()).toContain('Dive Instructor');
    expect((await api.get('/api/services/dive-instructor')).status).toBe(200);

    const dup = await api.post<{ errors: Record<string, string[]> }>('/api/admin/services', {
      token: admin.token,
      body: { name: 'dive instructor', description: 'Same name, other case.' },
    });
    expect(dup.body.errors.name).toEqual(['A service with this name exists.']);
    const bad = await api.post<{ errors: Record<string, string[]> }>('/api/admin/services', {
      token: admin.token,
      body: { name: 'x', description: 'short', status: 'maybe' },
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['description', 'name', 'status']);

    const off = await api.put('/api/admin/services/dive-instructor', {
      token: admin.token,
      body: {
        name: 'Dive Instructor',
        description: 'Certified instructors for reef and wreck dives.',
        status: 'inactive',
      },
    });
    expect(off.status).toBe(200);
    expect(await publicNames()).not.toContain('Dive Instructor');
    expect((await api.get('/api/services/dive-instructor')).status).toBe(404);

    expect(
      (await api.delete('/api/admin/services/dive-instructor', { token: admin.token })).status,
    ).toBe(204);
    expect(
      (await api.get('/api/admin/services/dive-instructor', { token: admin.token })).status,
    ).toBe(404);
  });

  it('refuses to delete a service with gigs (409) and shows gig counts', async () => {
    await server.deps.couch.db('catalog').insert({
      _id: 'gig:test-1',
      type: 'gig',
      service_id: 'chef',
      owner_id: 'x',
      status: 'active',
    } as never);
    const res = await api.delete<{ message: string }>('/api/admin/services/chef', {
      token: admin.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/deactivate it instead/);
    const list = await api.get<{ data: { id: string; gig_count: number }[] }>(
      '/api/admin/services',
      { token: admin.token },
    );
    expect(list.body.data.find((s) => s.id === 'chef')!.gig_count).toBe(1);
  });
});

describe('contact messages, blog, audit and stats', () => {
  it('lists contact messages and marks them handled', async () => {
    await api.post('/api/contact', {
      body: {
        name: 'Ravi Patel',
        email: 'ravi@example.com',
        subject: 'Partnership',
        message: 'We run a guide school in Goa.',
      },
    });
    const open = await api.get<{ data: { id: string; subject: string }[] }>(
      '/api/admin/contact-messages',
      { token: admin.token },
    );
    const message = open.body.data.find((m) => m.subject === 'Partnership')!;
    expect(
      (
        await api.patch(`/api/admin/contact-messages/${encodeURIComponent(message.id)}`, {
          token: admin.token,
          body: { handled: true },
        })
      ).status,
    ).toBe(200);
    const handled = await api.get<{ data: { id: string }[] }>(
      '/api/admin/contact-messages?status=handled',
      { token: admin.token },
    );
    expect(handled.body.data.map((m) => m.id)).toContain(message.id);
    expect(
      (
        await api.patch(`/api/admin/contact-messages/${encodeURIComponent(message.id)}`, {
          token: admin.token,
          body: { handled: 'yes' },
        })
      ).status,
    ).toBe(422);
  });

  it('writes a draft, publishes it to the public blog, unpublishes it', async () => {
    const draft = await api.post<{ post: { slug: string } }>('/api/admin/blog', {
      token: admin.token,
      body: {
        title: 'Packing for a monsoon shoot',
        excerpt: 'What our photographers carry in July.',
        body: 'Dry bags, spare batteries and **patience**.',
        status: 'draft',
      },
    });
    expect(draft.status).toBe(201);
    const slug = draft.body.post.slug;
    expect(slug).toBe('packing-for-a-monsoon-shoot');
    expect((await api.get(`/api/blogs/${slug}`)).status).toBe(404);
    const body = {
      title: 'Packing for a monsoon shoot',
      excerpt: 'What our photographers carry in July.',
      body: 'Dry bags, spare batteries and **patience**.',
      status: 'published',
    };
    expect((await api.put(`/api/admin/blog/${slug}`, { token: admin.token, body })).status).toBe(
      200,
    );
    const list = await api.get<{ data: { slug: string }[] }>('/api/blogs');
    expect(list.body.data[0]!.slug).toBe(slug);
    expect(
      (
        await api.put(`/api/admin/blog/${slug}`, {
          token: admin.token,
          body: { ...body, status: 'draft' },
        })
      ).status,
    ).toBe(200);
    expect((await api.get(`/api/blogs/${slug}`)).status).toBe(404);
    const bad = await api.post<{ errors: Record<string, string[]> }>('/api/admin/blog', {
      token: admin.token,
      body: { title: 'x', slug: 'Bad Slug', excerpt: '', body: '' },
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['body', 'excerpt', 'slug', 'title']);
  });

  it('records every action in the audit log and serves dashboard figures from views', async () => {
    const auditLog = await api.get<{
      data: { action: string; actor: { full_name: string } }[];
      meta: { total: number };
    }>('/api/admin/audit', { token: admin.token });
    expect(auditLog.body.meta.total).toBeGreaterThan(5);
    expect(new Set(auditLog.body.data.map((a) => a.action))).toContain('blog.unpublish');
    expect(auditLog.body.data[0]!.actor.full_name).toBe('Ada Okafor');

    const stats = await api.get<{
      users: { total: number; by_role: Record<string, number>; active_7d: number };
      signups_per_day: { day: string }[];
      services: unknown[];
      contact_messages: { handled: number };
    }>('/api/admin/stats', { token: admin.token });
    expect(stats.status).toBe(200);
    expect(stats.body.users.by_role.Agent).toBeGreaterThanOrEqual(4);
    expect(stats.body.users.active_7d).toBeGreaterThanOrEqual(5);
    expect(stats.body.signups_per_day).toHaveLength(30);
    expect(stats.body.services.length).toBeGreaterThanOrEqual(8);
    expect(stats.body.contact_messages.handled).toBe(1);
  });
});
