import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHashing } from '../src/lib/password';
import { client, newAccount } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({
    // One hash at a time, two waiting, for at most half a second: the rest is shed.
    PASSWORD_HASH_CONCURRENCY: '1',
    PASSWORD_HASH_QUEUE: '2',
    PASSWORD_HASH_WAIT_MS: '500',
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_ADDRESS: '1000',
  });
  api = client(server);
});
afterAll(() => server.close());

/**
 * Takes the one hashing slot (the limiter is process-wide, like the thread pool, and the test
 * server runs in this process) until `free` is called: a hash that never ends, as in the longest
 * burst, without depending on how fast this machine hashes.
 */
function occupyHashing() {
  let free: () => void = () => undefined;
  const held = passwordHashing.run(() => new Promise<void>((resolve) => (free = resolve)));
  return { free: async () => (free(), await held) };
}

describe('a burst of logins', () => {
  it('is shed with 503 and Retry-After while getServices answers', async () => {
    const slot = occupyHashing();
    let logins: { status: number; body: Record<string, unknown>; headers: Headers }[];
    try {
      const burst = Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          api.post('/api/login', {
            body: { email: `burst${i}@example.com`, password: 'wrong-password' },
          }),
        ),
      );
      // Meanwhile, an unrelated request is answered (the slot is still held).
      const services = await api.get<unknown>('/api/getServices');
      expect(services.status).toBe(200);
      expect(services.body).toEqual(expect.arrayContaining([{ id: 'chef', name: 'Chef' }]));
      // Ten shed at once, two after waiting 500 ms: none waits for the held hash.
      logins = await burst;
    } finally {
      await slot.free();
    }
    expect(logins.map((r) => r.status)).toEqual(Array(12).fill(503));
    for (const res of logins) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.body).toEqual({
        message: 'The server is busy right now. Please try again in a moment.',
      });
    }
    expect(passwordHashing.stats().queued).toBe(0);
  });

  it('with a free slot, logins and registrations are answered as usual', async () => {
    const account = newAccount();
    expect((await api.post('/api/register', { body: account })).status).toBe(201);
    const results = [];
    for (const password of [account.password, 'wrong-password'])
      results.push(await api.post('/api/login', { body: { email: account.email, password } }));
    expect(results.map((r) => r.status)).toEqual([200, 422]);
  });

  it('register hashes the password whether or not the address is taken', async () => {
    const account = newAccount();
    const before = passwordHashing.stats().completed;
    expect((await api.post('/api/register', { body: account })).status).toBe(201);
    const afterNew = passwordHashing.stats().completed;
    const taken = await api.post('/api/register', { body: { ...account, full_name: 'Other' } });
    expect(taken.status).toBe(422);
    const afterTaken = passwordHashing.stats().completed;
    // The same expensive work on both paths: one hash each.
    expect(afterNew - before).toBe(1);
    expect(afterTaken - afterNew).toBe(1);
  });
});
