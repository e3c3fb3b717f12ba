import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, demoTokens } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let tokens: Record<'amara' | 'sofia' | 'admin', string>;
const uploads: { name: string; path: string; token: () => string }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  tokens = await demoTokens(api, ['amara', 'sofia', 'admin']);
  const gig = await api.post<{ gig: { id: string } }>('/api/gigs', {
    token: tokens.amara,
    body: {
      title: 'Harbour walk at dawn',
      service_id: 'tour-guide',
      description:
        'A quiet walk along the old harbour while the fishing boats come in at first light.',
    },
  });
  expect(gig.status, JSON.stringify(gig.body)).toBe(201);
  const post = await api.post<{ post: { slug: string } }>('/api/admin/blog', {
    token: tokens.admin,
    body: {
      title: 'Upload checks',
      excerpt: 'A post to hang a cover on.',
      body: 'A short post whose only purpose is to carry a cover image.',
    },
  });
  expect(post.status, JSON.stringify(post.body)).toBe(201);
  uploads.push(
    { name: 'avatar', path: '/api/user/avatar', token: () => tokens.sofia },
    { name: 'CV', path: '/api/user/cv', token: () => tokens.sofia },
    { name: 'gig image', path: `/api/gigs/${gig.body.gig.id}/images`, token: () => tokens.amara },
    {
      name: 'blog cover',
      path: `/api/admin/blog/${post.body.post.slug}/cover`,
      token: () => tokens.admin,
    },
  );
});
afterAll(() => server.close());

const part = (body: string) =>
  '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n' +
  `Content-Type: image/png\r\n\r\n${body}`;

const MALFORMED: { name: string; type: string; body: string }[] = [
  { name: 'no boundary', type: 'multipart/form-data', body: part('abc\r\n--XYZ--\r\n') },
  { name: 'garbage', type: 'multipart/form-data; boundary=XYZ', body: 'garbage, not multipart' },
  { name: 'a truncated part', type: 'multipart/form-data; boundary=XYZ', body: part('abcdef') },
  { name: 'an empty body', type: 'multipart/form-data; boundary=XYZ', body: '' },
];

describe('malformed multipart bodies on every upload endpoint', () => {
  it('get a 400 with a message, not a 500', async () => {
    for (const upload of uploads) {
      for (const malformed of MALFORMED) {
        const res = await server.request(upload.path, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${upload.token()}`,
            'content-type': malformed.type,
          },
          body: malformed.body,
        });
        const label = `${upload.name}, ${malformed.name}`;
        expect(res.status, label).toBe(400);
        const body = (await res.json()) as { message: string };
        expect(body.message, label).toMatch(/^The upload could not be read: send the (file|image)/);
      }
    }
  });

  it('still tells another media type (415) and a missing file (422) apart', async () => {
    for (const upload of uploads) {
      const json = await server.request(upload.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${upload.token()}`, 'content-type': 'text/plain' },
        body: 'hello',
      });
      expect(json.status, upload.name).toBe(415);
      const empty = await server.request(upload.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${upload.token()}` },
        body: new FormData(),
      });
      expect(empty.status, upload.name).toBe(422);
    }
  });
});

describe('serving uploaded files', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const send = async (path: string, token: string, data: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    const res = await server.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return res.json() as Promise<Record<string, unknown>>;
  };

  it("keep the uploaded-file policy (nothing runs, nothing loads), not the app's", async () => {
    const { user } = (await send('/api/user/avatar', tokens.sofia, png, 'me.png', 'image/png')) as {
      user: { avatar: string; id: string };
    };
    await send('/api/user/cv', tokens.sofia, pdf, 'cv.pdf', 'application/pdf');
    const { gig } = (await send(uploads[2]!.path, tokens.amara, png, 'a.png', 'image/png')) as {
      gig: { images: string[] };
    };
    const files = [
      { name: 'avatar', path: user.avatar, token: undefined },
      { name: 'CV', path: `/api/files/cv/${user.id}`, token: tokens.sofia },
      { name: 'draft gig image', path: gig.images[0]!, token: tokens.amara },
    ];
    for (const file of files) {
      const res = await server.request(file.path, {
        headers: file.token ? { authorization: `Bearer ${file.token}` } : {},
      });
      expect(res.status, file.name).toBe(200);
      expect(res.headers.get('content-security-policy'), file.name).toBe(
        "default-src 'none'; sandbox",
      );
      expect(res.headers.get('x-content-type-options'), file.name).toBe('nosniff');
      // The other security headers are still the app's.
      expect(res.headers.get('x-frame-options'), file.name).toBe('SAMEORIGIN');
    }
    const page = await server.request('/api/health');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
