import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/openapi';
import { startTestServer, type TestServer } from './helpers/server';

describe('GET /api/openapi.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: 'false' });
  });
  afterAll(() => server.close());

  it('documents every API route the app registers, and nothing it does not', async () => {
    const registered = new Set(
      server.app.routes
        .filter(
          (r) =>
            r.path.startsWith('/api/') &&
            (r.method !== 'ALL' || r.path.startsWith('/api/sync/')) &&
            !(r.method === 'ALL' && r.path === '/api/*'),
        )
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].filter((r) => !(r in OPERATIONS)).sort()).toEqual([]);
    expect(
      Object.keys(OPERATIONS)
        .filter((r) => !registered.has(r))
        .sort(),
    ).toEqual([]);
  });

  it('serves an OpenAPI 3.1 document with request schemas', async () => {
    const res = await server.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/register']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/user/{tagname}']?.get).toBeDefined();
  });
});
