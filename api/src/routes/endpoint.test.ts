import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv, AuthContext } from '../context';
import { errorResponse } from '../lib/error-handler';
import { openApiDocument } from '../openapi';
import { endpointOf, endpoints } from './endpoint';

const logger = pino({ level: 'silent' });
const endpoint = endpoints({ tag: 'Test' });
const noteSchema = z.object({ text: z.string().min(1, 'Write something.') });

/** A tiny app: `x-role` makes the caller a member with that role, `x-verified` a verified one. */
function testApp() {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    const role = c.req.header('x-role');
    c.set(
      'auth',
      role
        ? ({
            user: { id: 'u1', role, email_verified_at: c.req.header('x-verified') ?? null },
          } as unknown as AuthContext)
        : undefined,
    );
    await next();
  });
  app.onError((error, c) => errorResponse(error, c, logger));
  app
    .post(
      '/notes/:n',
      endpoint({
        summary: 'Write a note',
        auth: 'verified',
        permission: 'gig.create',
        params: z.object({ n: z.coerce.number({ error: 'n is a number.' }).int() }),
        body: noteSchema,
        responses: { 201: 'Written' },
      }),
      (c) => c.json({ n: c.req.valid('param').n, text: c.req.valid('json').text }, 201),
    )
    .get(
      '/notes',
      endpoint({
        summary: 'Notes',
        query: z.object({ page: z.coerce.number().int().min(1, 'From page 1.').default(1) }),
        responses: { 200: { description: 'The notes', schema: z.array(noteSchema) } },
      }),
      (c) => c.json({ page: c.req.valid('query').page }),
    )
    .post(
      '/files',
      endpoint({
        summary: 'Upload',
        auth: 'required',
        upload: { noun: 'file', accepts: 'Anything', maxBytes: 10, limitLabel: '10 bytes' },
        responses: { 200: 'Stored' },
      }),
      (c) => c.json({ bytes: c.req.valid('form').file.length }),
    )
    .all(
      '/db/*',
      endpoint({ summary: 'Passthrough', methods: ['get', 'put'], responses: { 200: 'As is' } }),
      (c) => c.text('ok'),
    )
    .get('/undocumented', (c) => c.text('no endpoint'));
  return app;
}

const member = { 'x-role': 'Agent', 'x-verified': '2026-01-01T00:00:00Z' };
const json = (body: unknown, headers: Record<string, string> = member) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('endpoint()', () => {
  it('checks the caller first: 401 for a guest, 403 unverified, 403 without the permission', async () => {
    const app = testApp();
    const guest = await app.request('/notes/1', json({ text: '' }, {}));
    expect(guest.status).toBe(401);
    const unverified = await app.request('/notes/1', json({ text: '' }, { 'x-role': 'Agent' }));
    expect(unverified.status).toBe(403);
    expect(await unverified.json()).toEqual({
      message:
        'Verify your email address first: open the link we emailed you, or ask for a new one.',
    });
    const customer = await app.request(
      '/notes/1',
      json({ text: '' }, { ...member, 'x-role': 'Customer' }),
    );
    expect(customer.status).toBe(403);
    expect(await customer.json()).toEqual({
      message: 'Your account type is not allowed to do this.',
    });
  });

  it('validates params, query and body with the API.md 422 envelope, and hands over the values', async () => {
    const app = testApp();
    const bad = await app.request('/notes/x', json({ text: '' }));
    expect(bad.status).toBe(422);
    // Params are checked before the body.
    expect(await bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { n: ['n is a number.'] },
    });
    const emptyText = await app.request('/notes/2', json({ text: '' }));
    expect(await emptyText.json()).toMatchObject({ errors: { text: ['Write something.'] } });
    const ok = await app.request('/notes/2', json({ text: 'hello' }));
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ n: 2, text: 'hello' });

    expect(await (await app.request('/notes?page=3')).json()).toEqual({ page: 3 });
    const page0 = await app.request('/notes?page=0');
    expect(page0.status).toBe(422);
    expect(await page0.json()).toMatchObject({ errors: { page: ['From page 1.'] } });
  });

  it('reads a JSON body as readJson does: 415 for another type, 400 for malformed JSON', async () => {
    const app = testApp();
    const text = await app.request('/notes/1', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', ...member },
      body: '{}',
    });
    expect(text.status).toBe(415);
    const malformed = await app.request('/notes/1', json('{"text": '));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('reads an upload as readUploadedFile does', async () => {
    const app = testApp();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([1, 2, 3])]), 'a.bin');
    const ok = await app.request('/files', { method: 'POST', headers: member, body: form });
    expect(await ok.json()).toEqual({ bytes: 3 });
    const none = await app.request('/files', {
      method: 'POST',
      headers: member,
      body: new FormData(),
    });
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ errors: { file: ['Choose a file to upload.'] } });
  });

  it('leaves its declaration on the handler, for the document', () => {
    const app = testApp();
    const specs = app.routes.map((route) => endpointOf(route.handler)?.summary);
    expect(specs.filter(Boolean)).toEqual(['Write a note', 'Notes', 'Upload', 'Passthrough']);
    // Mounted in a sub-app with its own error handler, Hono wraps the handler.
    const parent = new Hono();
    parent.route('/sub', new Hono().onError((e) => Promise.reject(e)).route('/', testApp()));
    expect(parent.routes.map((r) => endpointOf(r.handler)?.summary).filter(Boolean)).toHaveLength(
      4,
    );
  });
});

describe('openApiDocument', () => {
  const doc = openApiDocument(testApp().routes, '1.2.3') as unknown as {
    info: { version: string };
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };

  it('lists the endpoints of the routes, and not a route without one', () => {
    expect(doc.info.version).toBe('1.2.3');
    expect(Object.keys(doc.paths)).toEqual(['/notes/{n}', '/notes', '/files', '/db/{path}']);
    expect(Object.keys(doc.paths['/db/{path}']!)).toEqual(['get', 'put']);
  });

  it('adds what the declaration implies: security, 401, 403, 422, parameters, bodies', () => {
    const write = doc.paths['/notes/{n}']!.post!;
    expect(write.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(write.responses as object)).toEqual(['201', '401', '403', '422']);
    expect(write.description).toContain('`gig.create` permission (Agent)');
    expect(write.parameters).toEqual([
      { name: 'n', in: 'path', required: true, schema: { type: 'integer' } },
    ]);
    expect(write.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { text: { minLength: 1 } } } } },
    });
    const list = doc.paths['/notes']!.get!;
    expect(list.parameters).toEqual([
      {
        name: 'page',
        in: 'query',
        required: false,
        schema: { default: 1, type: 'integer', minimum: 1 },
      },
    ]);
    expect(list.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { type: 'array' } } } },
      422: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    });
    expect(doc.paths['/files']!.post!.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { required: ['file'] } } },
    });
  });

  it('refuses an .all() endpoint that does not list its methods', () => {
    const app = new Hono<AppEnv>().all(
      '/x',
      endpoint({ summary: 'Anything', responses: { 200: 'Yes' } }),
      (c) => c.text('x'),
    );
    expect(() => openApiDocument(app.routes, '1')).toThrow(/lists methods/);
  });
});
