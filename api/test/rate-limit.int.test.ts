import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

describe('rate limits on the account endpoints', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_PER_ADDRESS: '3',
      RATE_LIMIT_PER_IP: '8',
      SEED_DEMO: 'false',
    });
    api = client(server);
  });
  afterAll(() => server.close());

  it('limits login attempts per address with 429 and Retry-After', async () => {
    const body = { email: 'target@example.com', password: 'guess-guess' };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.post('/api/login', { body })).status);
    expect(statuses).toEqual([422, 422, 422, 429]);
    const limited = await api.post<{ message: string }>('/api/login', { body });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/Too many requests/);
  });

  it('limits per IP across addresses, and password mail the same way', async () => {
    // Each endpoint group has its own budget per IP (8 here) and per address (3).
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(
        (await api.post('/api/password/email', { body: { email: `someone${i}@example.com` } }))
          .status,
      );
    }
    expect(results).toEqual([200, 200, 200, 200, 200]);
    const registerResults = [];
    for (let i = 0; i < 9; i++)
      registerResults.push((await api.post('/api/register', { body: newAccount() })).status);
    expect(registerResults.slice(0, 8).every((s) => s === 201)).toBe(true);
    expect(registerResults[8]).toBe(429);
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const attempt = (api: ReturnType<typeof client>, forwardedFor: string, i: number) =>
    api
      .post('/api/password/email', {
        body: { email: `nobody${i}@example.com` },
        headers: { 'x-forwarded-for': forwardedFor },
      })
      .then((res) => res.status);

  it('ignores X-Forwarded-For by default: a client cannot pick its own address', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_IP: '2', SEED_DEMO: 'false' });
    try {
      const api = client(server);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await attempt(api, `203.0.113.${i}`, i));
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await server.close();
    }
  });

  it('with TRUST_PROXY=true keeps limits per forwarded client, by the address the proxy saw', async () => {
    const server = await startTestServer({
      RATE_LIMIT_PER_IP: '2',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
    });
    try {
      const api = client(server);
      // Two clients behind the balancer: each has its own budget.
      expect([
        await attempt(api, '198.51.100.1', 1),
        await attempt(api, '198.51.100.1', 2),
      ]).toEqual([200, 200]);
      expect(await attempt(api, '198.51.100.1', 3)).toBe(429);
      expect(await attempt(api, '198.51.100.2', 4)).toBe(200);
      // A client writing its own X-Forwarded-For only adds entries to the left of the one the
      // proxy appends: still the same client.
      expect(await attempt(api, '10.9.9.9, 198.51.100.1', 5)).toBe(429);
    } finally {
      await server.close();
    }
  });
});
