import { Writable } from 'node:stream';
import { Hono, type Context } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './config/env';
import type { AppDeps, AppEnv } from './context';
import { errorResponse } from './lib/error-handler';
import { AppError } from './lib/errors';
import { hasPlatformHeaders } from './lib/platform-headers';
import { platformMiddleware } from './middleware';

/** The platform middleware on `app`, in order, as createApp applies it. */
function usePlatform(app: Hono<AppEnv>, deps: AppDeps): void {
  for (const layer of platformMiddleware(deps)) {
    if (layer.path) app.use(layer.path, layer.handler);
    else app.use(layer.handler);
  }
}

/** An app with the platform middleware and a few routes; log lines are collected. */
function appWith(logLevel: string, env: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: logLevel }, sink);
  const deps = { logger, env: parseEnv(env) } as unknown as AppDeps;
  const app = new Hono<AppEnv>();
  usePlatform(app, deps);
  app.get('/api/small', (c) => c.json({ name: 'Zoë' }));
  app.get('/api/created', (c) => c.json({ ok: true }, 201, { 'X-Extra': 'yes' }));
  app.get('/api/large', (c) => c.json({ text: 'x'.repeat(5000) }));
  app.get('/api/broken', () => {
    throw new Error('broken');
  });
  app.onError((error, c) => errorResponse(error, c, logger));
  return { app, lines };
}

describe('platform middleware', () => {
  it('logs each request with its request id, and a 500 as failed', async () => {
    const { app, lines } = appWith('info');
    const res = await app.request('/api/small', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    await app.request('/api/broken');
    const requests = lines.filter((l) => l.msg === 'request' || l.msg === 'request failed');
    expect(requests).toEqual([
      expect.objectContaining({
        msg: 'request',
        requestId: 'abc-123',
        method: 'GET',
        path: '/api/small',
        status: 200,
        ms: expect.any(Number) as number,
      }),
      expect.objectContaining({ msg: 'request failed', path: '/api/broken', status: 500 }),
    ]);
  });

  it('at LOG_LEVEL=error logs only the failed requests', async () => {
    const { app, lines } = appWith('error');
    await app.request('/api/small');
    await app.request('/api/broken');
    expect(lines.map((l) => l.msg)).toEqual(['unhandled error', 'request failed']);
  });

  it('answers JSON with its length in bytes, keeping the status and headers given', async () => {
    const { app } = appWith('silent');
    const small = await app.request('/api/small', { headers: { 'Accept-Encoding': 'gzip' } });
    const bytes = new Uint8Array(await small.arrayBuffer());
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-type')).toBe('application/json');
    // "ë" is two bytes in UTF-8.
    expect(small.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.length).toBe(JSON.stringify({ name: 'Zoë' }).length + 1);
    const created = await app.request('/api/created');
    expect(created.status).toBe(201);
    expect(created.headers.get('x-extra')).toBe('yes');
    expect(await created.json()).toEqual({ ok: true });
  });

  it('compresses a large JSON body for a client that accepts it', async () => {
    const { app } = appWith('silent');
    const res = await app.request('/api/large', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-length')).toBeNull();
    const text = await new Response(res.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(JSON.parse(text)).toEqual({ text: 'x'.repeat(5000) });
  });

  it('sets CORS headers on the response the route made, for listed origins only', async () => {
    const { app } = appWith('silent', { CORS_ORIGINS: 'https://partner.example' });
    const allowed = await app.request('/api/created', {
      headers: { Origin: 'https://partner.example' },
    });
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('x-extra')).toBe('yes');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(allowed.headers.get('vary')).toBe('Origin');
    const failed = await app.request('/api/broken', {
      headers: { Origin: 'https://partner.example' },
    });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(failed.headers.get('x-request-id')).toMatch(/.{8,}/);
    expect(failed.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

/**
 * Each case answers twice: with `c.json` (made with the platform headers at once,
 * lib/platform-headers.ts) and, its twin, with `c.body` (made by Hono, the platform headers set
 * on it afterwards by each layer, Hono's secureHeaders() among them). Both must carry the same.
 */
describe('platform headers given with a JSON answer', () => {
  type Answer = (object: unknown, status?: number, headers?: Record<string, string>) => Response;
  type Case = (c: Context<AppEnv>, answer: Answer) => Response;
  const cases: Record<string, Case> = {
    plain: (_c, answer) => answer({ ok: true }),
    'status and headers given': (_c, answer) => answer({ ok: 1 }, 202, { 'X-Extra': 'yes' }),
    'c.status() before': (c, answer) => {
      c.status(201);
      return answer({ made: true });
    },
    'c.header() before': (c, answer) => {
      c.header('Cache-Control', 'no-store');
      c.header('X-Dropped', 'soon');
      c.header('X-Dropped', undefined);
      return answer({ ok: true });
    },
    // overwrite: false: a policy the route set itself stands.
    'own security headers': (c, answer) => {
      c.header('Content-Security-Policy', "default-src 'none'");
      c.header('x-frame-options', 'DENY');
      return answer({ ok: true });
    },
    'own Vary': (c, answer) => answer({ ok: true }, 200, { Vary: 'Accept-Language' }),
    // The CORS layer's headers are set over the route's.
    'own CORS header': (c, answer) => {
      c.header('Access-Control-Allow-Origin', '*');
      return answer({ ok: true });
    },
    'own request id': (c, answer) => {
      c.header('X-Request-Id', 'set-by-route');
      return answer({ ok: true });
    },
  };

  async function twinApp(env: Record<string, string> = {}) {
    const logger = pino({ level: 'silent' });
    const deps = { logger, env: parseEnv(env) } as unknown as AppDeps;
    const app = new Hono<AppEnv>();
    const fastPath: string[] = [];
    app.use(async (c, next) => {
      await next();
      if (hasPlatformHeaders(c)) fastPath.push(c.req.path);
    });
    usePlatform(app, deps);
    for (const [name, handle] of Object.entries(cases)) {
      const path = name.replace(/\W+/g, '-');
      app.get(`/api/json/${path}`, (c) => handle(c, (o, s, h) => c.json(o, s as never, h)));
      app.get(`/api/body/${path}`, (c) =>
        handle(c, (o, s, h) =>
          c.body(JSON.stringify(o), s as never, {
            'Content-Type': 'application/json',
            ...h,
            'Content-Length': String(Buffer.byteLength(JSON.stringify(o))),
          }),
        ),
      );
    }
    app.get('/api/error', () => {
      throw new AppError(429, 'Slow down.', undefined, { 'Retry-After': '7' });
    });
    app.onError((error, c) => errorResponse(error, c, logger));
    // The security headers are learnt from secureHeaders() once, a few promise turns after the
    // layers are made; until then every answer takes the second way.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { app, fastPath };
  }

  /** Headers by name, the request id (random when the caller gives none) as "<id>". */
  async function answerOf(res: Response) {
    const headers = Object.fromEntries(res.headers);
    if (headers['x-request-id'] && headers['x-request-id'] !== 'set-by-route') {
      headers['x-request-id'] = '<id>';
    }
    return { status: res.status, headers, body: await res.text() };
  }

  const origins = {
    none: {},
    listed: { Origin: 'https://partner.example' },
    other: { Origin: 'https://evil.example' },
  };
  for (const [name] of Object.entries(cases)) {
    for (const [who, headers] of Object.entries(origins)) {
      it(`${name}, origin ${who}: the same headers either way`, async () => {
        const { app, fastPath } = await twinApp({ CORS_ORIGINS: 'https://partner.example' });
        const path = name.replace(/\W+/g, '-');
        const fast = await app.request(`/api/json/${path}`, { headers });
        const twin = await app.request(`/api/body/${path}`, { headers });
        expect(await answerOf(fast)).toEqual(await answerOf(twin));
        expect(fastPath).toEqual([`/api/json/${path}`]);
        if (name === 'plain') {
          expect(fast.headers.get('content-security-policy')).toContain("default-src 'self'");
          expect(fast.headers.get('x-request-id')).toMatch(/.{8,}/);
          expect(fast.headers.get('vary')).toBe('Origin');
        }
      });
    }
  }

  it('gives an error answer the platform headers and its own', async () => {
    const { app, fastPath } = await twinApp({ CORS_ORIGINS: 'https://partner.example' });
    const plain = await answerOf(
      await app.request('/api/json/plain', { headers: { Origin: 'https://partner.example' } }),
    );
    const failed = await answerOf(
      await app.request('/api/error', { headers: { Origin: 'https://partner.example' } }),
    );
    expect(failed.status).toBe(429);
    expect(JSON.parse(failed.body)).toEqual({ message: 'Slow down.' });
    expect(failed.headers).toEqual({
      ...plain.headers,
      'retry-after': '7',
      'content-length': String(failed.body.length),
    });
    expect(fastPath).toEqual(['/api/json/plain', '/api/error']);
  });

  it('gives a HEAD the GET answer’s headers, and no body', async () => {
    const { app } = await twinApp();
    const get = await app.request('/api/json/plain', { headers: { 'X-Request-Id': 'r1' } });
    const head = await app.request('/api/json/plain', {
      method: 'HEAD',
      headers: { 'X-Request-Id': 'r1' },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(Object.fromEntries(head.headers)).toEqual(Object.fromEntries(get.headers));
  });
});
