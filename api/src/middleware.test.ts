import { Writable } from 'node:stream';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './config/env';
import type { AppDeps, AppEnv } from './context';
import { errorResponse } from './lib/error-handler';
import { platformMiddleware } from './middleware';

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
  for (const layer of platformMiddleware(deps)) {
    if (layer.path) app.use(layer.path, layer.handler);
    else app.use(layer.handler);
  }
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
