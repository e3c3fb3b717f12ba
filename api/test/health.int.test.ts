/**
 * Liveness and readiness over HTTP (routes/health): liveness never asks the database, readiness
 * asks it at most once a second however many callers there are, and both answer like the rest
 * of the API to what they do not serve. The database is stopped and frozen for real (the
 * embedded server), so those tests do not run against TEST_COUCH_URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { READY_CHECK_MS } from '../src/routes/health/health.routes';
import { externalCouch, startTestServer, type TestServer } from './helpers/server';
import { until } from './helpers/until';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ReadyBody {
  status: 'ok' | 'error';
  message?: string;
  api: { status: string; version: string; uptime_s: number };
  couch: { status: 'ok' | 'down'; embedded: boolean; error?: string };
}

describe('health: liveness and readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      SEED_DEMO: 'false',
      CORS_ORIGINS: 'https://partner.example',
      // The embedded server's own health check would restart the database the tests stop.
      COUCH_HEALTH_INTERVAL_MS: '0',
    });
  });
  afterAll(() => server.close());
  afterEach(() => vi.restoreAllMocks());

  /** Counts the API's database pings (the real ones still happen), with the time each started. */
  const countPings = () => {
    const started: number[] = [];
    const ping = server.deps.couch.ping.bind(server.deps.couch);
    vi.spyOn(server.deps.couch, 'ping').mockImplementation((timeoutMs) => {
      started.push(Date.now());
      return ping(timeoutMs);
    });
    return started;
  };

  it('GET /api/health/live: 200 with the version and uptime, no database call, security headers kept', async () => {
    const pings = countPings();
    for (let i = 0; i < 5; i++) {
      const res = await server.request('/api/health/live');
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({
        status: 'ok',
        version: server.deps.version,
        uptime_s: expect.any(Number) as number,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(pings).toEqual([]);
  });

  it('GET /api/health/ready and GET /api/health: 200 with the database, one shared answer', async () => {
    for (const path of ['/api/health/ready', '/api/health']) {
      const res = await server.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toMatchObject({
        status: 'ok',
        api: { status: 'ok', version: server.deps.version },
        couch: { status: 'ok', embedded: !externalCouch },
      });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it(
    'many concurrent readiness calls: one database ping, then at most one per second',
    { timeout: 30_000 },
    async () => {
      await sleep(READY_CHECK_MS + 100); // whatever earlier tests left is stale now
      const pings = countPings();
      const paths = ['/api/health/ready', '/api/health'];
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_, i) => server.request(paths[i % 2]!)),
      );
      expect(burst.map((r) => r.status)).toEqual(Array(60).fill(200));
      expect(pings).toHaveLength(1);

      // Then steady traffic for 2.5 s: bursts of 10 every 50 ms.
      const began = Date.now();
      const statuses: number[] = [];
      while (Date.now() - began < 2500) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => server.request(paths[i % 2]!)),
        );
        statuses.push(...answers.map((r) => r.status));
        await sleep(50);
      }
      expect(statuses.every((s) => s === 200)).toBe(true);
      const gaps = pings.slice(1).map((at, i) => at - pings[i]!);
      expect(
        gaps.every((gap) => gap >= READY_CHECK_MS),
        `gaps ${gaps.join(', ')} ms`,
      ).toBe(true);
      // The memo expires: the steady traffic did ping again, about once a second.
      expect(pings.length).toBeGreaterThanOrEqual(2);
      expect(pings.length).toBeLessThanOrEqual(
        1 + Math.ceil((Date.now() - began) / READY_CHECK_MS),
      );
    },
  );

  it.skipIf(externalCouch)(
    'the database stopped: live still 200, ready and /api/health 503 in the envelope; ready 200 again once it is back',
    { timeout: 60_000 },
    async () => {
      const embedded = server.deps.couch.embedded!;
      await embedded.stop();
      try {
        const live = await server.request('/api/health/live');
        expect(live.status).toBe(200);
        expect(((await live.json()) as { status: string }).status).toBe('ok');

        // Within a second or so (the last answer may still be the database's "up").
        const down = await until(5_000, 'readiness reporting the database down', async () => {
          const res = await server.request('/api/health/ready');
          return res.status === 503 ? res : null;
        });
        const body = (await down.json()) as ReadyBody;
        expect(body).toMatchObject({
          status: 'error',
          message: 'The database server is unreachable. The embedded server is being restarted.',
          api: { status: 'ok' },
          couch: { status: 'down', embedded: true },
        });
        expect(body.couch.error).toBeTruthy();
        expect(down.headers.get('cache-control')).toBe('no-store');
        const health = await server.request('/api/health');
        expect(health.status).toBe(503);
        expect(((await health.json()) as ReadyBody).couch.status).toBe('down');
      } finally {
        await embedded.start();
      }
      await until(5_000, 'readiness reporting the database back', async () => {
        return (await server.request('/api/health/ready')).status === 200;
      });
    },
  );

  it.skipIf(externalCouch)(
    'the database frozen (SIGSTOP): live answers at once; ready answers 503 after the ping times out',
    { timeout: 60_000 },
    async () => {
      const pid = server.deps.couch.embedded!.pid!;
      await sleep(READY_CHECK_MS + 100);
      process.kill(pid, 'SIGSTOP');
      try {
        const liveStarted = Date.now();
        const live = await server.request('/api/health/live');
        expect(live.status).toBe(200);
        expect(Date.now() - liveStarted).toBeLessThan(1000);

        const pings = countPings();
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => server.request('/api/health/ready')),
        );
        expect(answers.map((r) => r.status)).toEqual(Array(20).fill(503));
        expect(((await answers[0]!.json()) as ReadyBody).couch.error).toBe('timed out');
        expect(pings).toHaveLength(1);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      await until(5_000, 'readiness once the database runs again', async () => {
        return (await server.request('/api/health/ready')).status === 200;
      });
    },
  );

  it('answers methods and paths it does not serve as the rest of the API does', async () => {
    const same = async (probe: [string, string], reference: [string, string]) => {
      const [a, b] = await Promise.all(
        [probe, reference].map(([method, path]) => server.request(path, { method })),
      );
      const summary = async (res: Response) => ({
        status: res.status,
        body: await res.text(),
        requestId: /.{8,}/.test(res.headers.get('x-request-id') ?? ''),
      });
      expect(await summary(a!), probe.join(' ')).toEqual(await summary(b!));
      return a!;
    };
    // A GET-only route of the API as the reference.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/health/live', '/api/health/ready', '/api/health']) {
        const res = await same([method, path], [method, '/api/openapi.json']);
        expect(res.status).toBe(404);
      }
    }
    for (const path of ['/api/health/nope', '/api/health/live/', '/api/health/ready/x']) {
      const res = await same(['GET', path], ['GET', '/api/does-not-exist']);
      expect(res.status).toBe(404);
    }
    const head = await server.request('/api/health/live', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // A CORS preflight is answered by the CORS middleware, as for any API path.
    const preflight = (path: string) =>
      server.request(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://partner.example',
          'access-control-request-method': 'GET',
        },
      });
    const [probe, reference] = await Promise.all([
      preflight('/api/health/live'),
      preflight('/api/getServices'),
    ]);
    expect(probe.status).toBe(reference.status);
    expect(probe.headers.get('access-control-allow-origin')).toBe(
      reference.headers.get('access-control-allow-origin'),
    );
  });
});
