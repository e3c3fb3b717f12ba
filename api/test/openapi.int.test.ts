import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';

interface Operation {
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** Hono's `/api/gigs/:id` and `/api/sync/db/*` as OpenAPI writes them. */
const openApiPath = (honoPath: string) =>
  honoPath.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');

describe('GET /api/openapi.json', () => {
  let server: TestServer;
  let doc: Document;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: 'false' });
    const res = await server.request('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = (await res.json()) as Document;
  });
  afterAll(() => server.close());

  /**
   * What the app has mounted under /api, as `METHOD /api/path/{param}`. Middleware (`.use()`) is
   * registered as ALL too, so ALL counts as a route only under /api/sync/, the one place routes
   * are mounted with `.all()` (the gateway); the `/api/*` fallback that answers 404 is none.
   */
  function mounted(): Set<string> {
    return new Set(
      server.app.routes
        .filter(
          (r) =>
            r.path.startsWith('/api/') &&
            (r.method !== 'ALL' || r.path.startsWith('/api/sync/')) &&
            r.path !== '/api/*',
        )
        .map((r) => `${r.method} ${openApiPath(r.path)}`),
    );
  }

  function documented(): Set<string> {
    return new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
  }

  /** An operation a route answers: the same method and path, or any method of an ALL route. */
  const answers = (route: string, operation: string) =>
    route === operation ||
    (route.startsWith('ALL ') && operation.endsWith(` ${route.slice('ALL '.length)}`));

  it('documents every route the app mounted', () => {
    const operations = [...documented()];
    const undocumented = [...mounted()].filter(
      (route) => !operations.some((operation) => answers(route, operation)),
    );
    expect(undocumented.sort(), 'mounted but not in /api/openapi.json').toEqual([]);
    // Sanity: the walk found the app's routes (some 60), not an empty list.
    expect(mounted().size).toBeGreaterThan(50);
  });

  it('documents no route the app did not mount', () => {
    const routes = [...mounted()];
    const unmounted = [...documented()].filter(
      (operation) => !routes.some((route) => answers(route, operation)),
    );
    expect(unmounted.sort(), 'in /api/openapi.json but not mounted').toEqual([]);
  });

  it('is OpenAPI 3.1 with the schemas, parameters and security the routes declare', () => {
    expect(doc.openapi).toBe('3.1.0');
    const register = doc.paths['/api/register']?.post;
    const registerBody = register?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(registerBody.properties)).toContain('password_confirmation');
    expect(register?.responses['422']?.content).toBeDefined();
    expect(register?.security).toBeUndefined();

    const search = doc.paths['/api/gigs']?.get;
    expect(search?.parameters?.map((p) => `${p.in} ${p.name}`)).toContain('query sort');

    const create = doc.paths['/api/gigs']?.post;
    expect(create?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(create?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '401', '403', '422']),
    );

    const profile = doc.paths['/api/user/{tagname}']?.get;
    expect(profile?.parameters).toEqual([
      expect.objectContaining({ name: 'tagname', in: 'path', required: true }),
    ]);
    expect(profile?.responses['200']?.content).toHaveProperty('application/json');
    expect(doc.paths['/api/gigs/{id}']?.get?.security).toEqual([{}, { bearer: [] }]);
  });

  it('documents uploads as multipart and the sync gateway as a wildcard', () => {
    for (const path of ['/api/user/avatar', '/api/user/cv', '/api/gigs/{id}/images']) {
      const file = doc.paths[path]?.post?.requestBody?.content['multipart/form-data']?.schema;
      expect(file, path).toMatchObject({ properties: { file: { format: 'binary' } } });
    }
    const gateway = doc.paths['/api/sync/db/{path}'];
    expect(Object.keys(gateway ?? {}).sort()).toEqual(['delete', 'get', 'head', 'post', 'put']);
    expect(gateway?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'path', in: 'path' }),
    ]);
  });

  it('refers only to schemas it defines', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const name = /#\/components\/schemas\/(\w+)"$/.exec(ref)?.[1];
      expect(name && doc.components.schemas[name], ref).toBeDefined();
    }
  });
});
