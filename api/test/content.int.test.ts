import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../src/seed/demo-data';
import { client, latestMail } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
});
afterAll(() => server.close());

describe('GET /api/services/:id', () => {
  it('returns an active service and 404 for an unknown or inactive one', async () => {
    const res = await api.get('/api/services/tour-guide');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'tour-guide', name: 'Tour Guide' });
    expect(String(res.body.description)).toMatch(/guides/);
    expect((await api.get('/api/services/space-tourism')).status).toBe(404);

    const catalog = server.deps.couch.db<{ status: string }>('catalog');
    const chef = await catalog.get('service:chef');
    await catalog.insert({ ...chef, status: 'inactive' });
    expect((await api.get('/api/services/chef')).status).toBe(404);
  });
});

describe('POST /api/contact', () => {
  const valid = {
    name: 'Priya Nair',
    email: 'Priya@Example.com',
    subject: 'Group booking',
    message: 'We are 12 people looking for a guide in Kyoto.',
  };

  it('stores the message for admins and mails a confirmation to the sender', async () => {
    const res = await api.post('/api/contact', { body: valid });
    expect(res.status).toBe(201);
    const stored = await server.deps.couch
      .db('content')
      .list({ startkey: 'contact:', endkey: 'contact:\ufff0', include_docs: true });
    const doc = stored.rows
      .map((r) => r.doc as unknown as Record<string, unknown>)
      .find((d) => d.subject === 'Group booking');
    expect(doc).toMatchObject({
      type: 'contact_message',
      email: 'priya@example.com',
      handled_at: null,
    });
    expect((await latestMail(server, 'Priya@Example.com'))?.subject).toBe(
      'We received your message',
    );
  });

  it('names each bad field', async () => {
    const res = await api.post<{ errors: Record<string, string[]> }>('/api/contact', {
      body: { name: '', email: 'nope', subject: 'x', message: 'short' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });
});

describe('GET /api/blogs', () => {
  it('lists the seeded posts newest first with the API.md list shape', async () => {
    const res = await api.get<{
      data: { slug: string; author: { full_name: string } }[];
      meta: Record<string, number>;
    }>('/api/blogs?per_page=3');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 3, total: BLOG_POSTS.length, last_page: 2 });
    const newestFirst = [...BLOG_POSTS]
      .sort((a, b) => b.published_at.localeCompare(a.published_at))
      .map((p) => p.slug);
    expect(res.body.data.map((p) => p.slug)).toEqual(newestFirst.slice(0, 3));
    expect(res.body.data[0]!.author.full_name).toBe('Ada Okafor');
    const page2 = await api.get<{ data: { slug: string }[] }>('/api/blogs?per_page=3&page=2');
    expect(page2.body.data.map((p) => p.slug)).toEqual(newestFirst.slice(3));
    expect((await api.get('/api/blogs?page=0')).status).toBe(422);
    expect((await api.get('/api/blogs?per_page=1000')).status).toBe(422);
  });

  it('returns one post with its Markdown body, and 404 for drafts or unknown slugs', async () => {
    const post = await api.get<{ body: string; title: string }>(
      `/api/blogs/${BLOG_POSTS[0]!.slug}`,
    );
    expect(post.status).toBe(200);
    expect(post.body.body).toContain('## ');
    expect((await api.get('/api/blogs/no-such-post')).status).toBe(404);
    await server.deps.couch.db('content').insert({
      _id: 'blog:a-draft',
      type: 'blog_post',
      slug: 'a-draft',
      status: 'draft',
      published_at: null,
    } as never);
    expect((await api.get('/api/blogs/a-draft')).status).toBe(404);
  });
});

describe('versioned demo seed', () => {
  it('adds only the missing steps to a database seeded by an older version', async () => {
    const { seedDemoData, SEED_VERSION } = await import('../src/seed/seed');
    const content = server.deps.couch.db<{ version: number }>('content');
    const marker = await content.get('seed:demo');
    expect(marker.version).toBe(SEED_VERSION);
    expect(await seedDemoData(server.deps.couch, server.deps.logger)).toBe(false);

    // Pretend the database was seeded before blog posts existed, and lost one.
    await content.insert({ ...marker, version: 1 });
    const post = await content.get(`blog:${BLOG_POSTS[1]!.slug}`);
    await content.destroy(post._id, post._rev);
    const usersBefore = (await server.deps.couch.db('users').info()).doc_count;
    expect(await seedDemoData(server.deps.couch, server.deps.logger)).toBe(true);
    expect((await api.get(`/api/blogs/${BLOG_POSTS[1]!.slug}`)).status).toBe(200);
    expect((await server.deps.couch.db('users').info()).doc_count).toBe(usersBefore);
  });
});
