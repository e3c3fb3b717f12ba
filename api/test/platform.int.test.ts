import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config/env';
import { SERVICES } from '../src/seed/demo-data';
import { externalCouch, startTestServer, type TestServer } from './helpers/server';

// Tests of the embedded server itself (its process, its files, its lock) are skipped when the
// suite runs against TEST_COUCH_URL: a server the tests do not own, with no embedded child.
const itEmbedded = it.skipIf(externalCouch);

const FOOTER_ORDER = [
  'Travel Agent',
  'Tour Guide',
  'Hotel Manager',
  'Chef',
  'Travel Consultant',
  'Photographer',
  'Wedding Planner',
  'Events Specialist',
];

describe('platform: health, services, errors, headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      CORS_ORIGINS: 'https://partner.example',
      BODY_LIMIT_BYTES: '2048',
    });
  });
  afterAll(() => server.close());

  it('GET /api/health reports the API and the database as ok', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'ok',
      api: { status: 'ok' },
      couch: { status: 'ok', embedded: !externalCouch },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/getServices lists the eight footer categories in order', async () => {
    const res = await server.request('/api/getServices', {
      method: 'GET',
    });
    expect(res.status).toBe(200);
    const services = (await res.json()) as { id: string; name: string }[];
    expect(services.map((s) => s.name)).toEqual(FOOTER_ORDER);
    expect(services.every((s) => typeof s.id === 'string' && s.id.length > 0)).toBe(true);
  });

  it('accepts the spec form of getServices: a GET carrying a text/plain body', async () => {
    const http = await import('node:http');
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolve, reject) => {
        const payload = 'name, description, created_by, status';
        const req = http.request(
          `${server.url}/api/getServices`,
          {
            method: 'GET',
            headers: {
              'content-type': 'text/plain',
              'content-length': String(Buffer.byteLength(payload)),
            },
          },
          (res) => {
            let data = '';
            res.on('data', (d) => (data += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      },
    );
    expect(status).toBe(200);
    expect((JSON.parse(body) as unknown[]).length).toBe(SERVICES.length);
  });

  it('answers unknown API paths with the JSON error envelope and a request id', async () => {
    const res = await server.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await server.request('/api/getServices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request body is too large.' });
    // A body of unstated length (chunked) is counted as it arrives.
    const http = await import('node:http');
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/getServices`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          let data = '';
          res.on('data', (d) => (data += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
        },
      );
      req.on('error', reject);
      req.write('{"padding":"');
      req.write('x'.repeat(5000));
      req.end('"}');
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ message: 'The request body is too large.' });
  });

  it('compresses large bodies for clients that accept it, and leaves small ones as they are', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    // Read raw: fetch would undo the compression and drop the headers that show it.
    const get = async (pathname: string, headers: Record<string, string>) => {
      const http = await import('node:http');
      return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}${pathname}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    };
    const { gunzipSync } = await import('node:zlib');
    const large = await get('/api/openapi.json', gzip);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers['vary']).toMatch(/Accept-Encoding/);
    const document = JSON.parse(gunzipSync(large.body).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    const plain = await get('/api/openapi.json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const small = await get('/api/getServices', gzip);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.body.length));
    expect((JSON.parse(small.body.toString()) as unknown[]).length).toBe(SERVICES.length);
  });

  it('sends security headers with a CSP that forbids inline script', async () => {
    const res = await server.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await server.request('/api/health', {
      headers: { origin: 'https://partner.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('X-Request-Id,Retry-After');
    expect(allowed.headers.get('vary')).toMatch(/\bOrigin\b/);
    const other = await server.request('/api/health', {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // Same-origin (no Origin header): nothing to allow, but a cache must tell the two apart.
    const sameOrigin = await server.request('/api/getServices');
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
    expect(sameOrigin.headers.get('vary')).toMatch(/\bOrigin\b/);
    const preflight = await server.request('/api/getServices', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
  });

  it('serves hashed assets immutably, the shell and service worker uncached, and falls back to the shell', async () => {
    const asset = await server.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);

    const sw = await server.request('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    for (const route of ['/', '/about-us', '/@/amara_guides/info', '/agent/dashboard']) {
      const page = await server.request(route);
      expect(page.status, route).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
    }
  });

  it('answers 404 for a missing file instead of the shell (so a stale chunk fails loudly)', async () => {
    const res = await server.request('/assets/index-gone.js');
    expect(res.status).toBe(404);
  });

  it('never serves files outside the build folder', async () => {
    for (const probe of [
      '/..%2Fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2F..%2Fpackage.json',
    ]) {
      const res = await server.request(probe);
      const text = await res.text();
      expect(text, probe).not.toContain('"workspaces"');
    }
  });
});

describe.skipIf(externalCouch)('platform: database failure and recovery', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it(
    'answers 503 with a clear message while the embedded server is down, then recovers with all data',
    { timeout: 90_000 },
    async () => {
      const embedded = server.deps.couch.embedded!;
      const pid = embedded.pid!;
      process.kill(pid, 'SIGKILL');

      let down: Response | undefined;
      for (let i = 0; i < 100 && !down; i++) {
        const res = await server.request('/api/health');
        if (res.status === 503) down = res;
        else await new Promise((r) => setTimeout(r, 20));
      }
      expect(down, 'health never reported the database down').toBeDefined();
      const body = (await down!.json()) as { message: string; couch: { status: string } };
      expect(body.message).toMatch(/database server is unreachable/i);
      expect(body.couch.status).toBe('down');

      // Back up on its own, with the same data (a loaded machine may take a while to start it).
      let recovered = false;
      for (let i = 0; i < 600 && !recovered; i++) {
        recovered = (await server.request('/api/health')).status === 200;
        if (!recovered) await new Promise((r) => setTimeout(r, 100));
      }
      expect(recovered).toBe(true);
      expect(embedded.pid).not.toBe(pid);
      const services = (await (await server.request('/api/getServices')).json()) as unknown[];
      expect(services).toHaveLength(8);
    },
  );

  it('answers other routes with 503 and the error envelope while the database is unreachable', async () => {
    const embedded = server.deps.couch.embedded!;
    await embedded.stop(); // stopped on purpose: no restart
    // A public profile is always read from the database (the services list may come from memory).
    const res = await server.request('/api/user/amara_guides');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/database is unavailable/i);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|ECONNREFUSED/);
    await embedded.start();
    expect((await server.request('/api/user/amara_guides')).status).toBe(200);
  });
});

describe('platform: restarts and the data directory', () => {
  it('a second start on the same DATA_DIR reuses everything and seeds nothing', async () => {
    const first = await startTestServer();
    expect(first.seeded).toBe(true);
    const users1 = await first.deps.couch.db('users').info();
    await first.close();

    const second = await startTestServer({}, first.dataDir);
    try {
      expect(second.seeded).toBe(false);
      const users2 = await second.deps.couch.db('users').info();
      expect(users2.doc_count).toBe(users1.doc_count);
      const services = (await (await second.request('/api/getServices')).json()) as unknown[];
      expect(services).toHaveLength(8);
      // The generated secrets are kept, not regenerated.
      expect(existsSync(path.join(first.dataDir, 'jwt-secret'))).toBe(true);
      if (!externalCouch) {
        expect(existsSync(path.join(first.dataDir, 'couch', 'admin-credentials.json'))).toBe(true);
      }
    } finally {
      await second.close();
    }
  });

  itEmbedded('refuses a second API on a data directory already in use', async () => {
    const first = await startTestServer();
    try {
      await expect(startTestServer({}, first.dataDir)).rejects.toThrow(/Another Wayfarer API/);
    } finally {
      await first.close();
    }
  });

  itEmbedded('never runs the embedded server without an admin (no admin party)', async () => {
    const server = await startTestServer();
    try {
      const { port } = new URL(server.deps.couch.url);
      const anonymous = await fetch(`http://127.0.0.1:${port}/_session`);
      const session = (await anonymous.json()) as { userCtx: { roles: string[] } };
      expect(session.userCtx.roles).not.toContain('_admin');
      const config = JSON.parse(
        readFileSync(path.join(server.dataDir, 'couch', 'config.json'), 'utf8'),
      );
      expect(Object.keys(config.admins)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('platform: the start command', () => {
  const run = (env: Record<string, string>, timeoutMs = 60_000) =>
    new Promise<{ code: number | null; output: string; child: ReturnType<typeof spawn> }>(
      (resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/start.ts'], {
          cwd: repoRoot(),
          env: { ...process.env, LOG_LEVEL: 'warn', ...env },
        });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve({ code, output, child });
        });
      },
    );

  it('exits non-zero with a message naming PORT when PORT is invalid', async () => {
    const { code, output } = await run({ PORT: 'abc', WEB_DIST: '/nonexistent' });
    expect(code).not.toBe(0);
    expect(output).toMatch(/PORT/);
    expect(output).toMatch(/whole number/);
  });

  it('on SIGTERM finishes the request in flight, exits 0 and takes the embedded server with it', async () => {
    const { mkdtempSync } = await import('node:fs');
    const os = await import('node:os');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-sig-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/start.ts'], {
      cwd: repoRoot(),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no start: ' + output)), 60_000);
      child.stdout.on('data', () => {
        const match = /running at (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    const base = url.replace('localhost', '127.0.0.1');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const running = JSON.parse(
      readFileSync(path.join(dataDir, 'couch', 'running.json'), 'utf8'),
    ) as { port: number };
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

    // A request in flight when SIGTERM arrives: its body is only half sent.
    const http = await import('node:http');
    const body = JSON.stringify({
      name: 'Late Sender',
      email: 'late@example.com',
      subject: 'Shutdown',
      message: 'Sent while the server stops.',
    });
    let status = 0;
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        `${base}/api/contact`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
        },
        (res) => {
          status = res.statusCode ?? 0;
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 300);
    });
    expect(status).toBe(201);
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${running.port}/`)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'couch', 'running.json'))).toBe(false);
  });
});
