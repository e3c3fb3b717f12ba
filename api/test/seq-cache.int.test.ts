import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seqCache } from '../src/couch/seq-cache';
import { startTestServer, type TestServer } from './helpers/server';

describe('seqCache on the embedded server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('loads once while the database is unchanged and again after a write', async () => {
    let loads = 0;
    const db = () => server.deps.couch.db('content');
    const cache = seqCache(
      db,
      async () => {
        loads += 1;
        return (await db().info()).doc_count;
      },
      { checkEveryMs: 0 },
    );

    const first = await cache.get();
    await cache.get();
    await cache.get();
    expect(loads).toBe(1);

    await db().insert({ _id: 'probe:1', type: 'probe' } as never);
    expect(await cache.get()).toBe(first + 1);
    expect(loads).toBe(2);
  });

  it('after invalidate() the next read loads again, even while an older load is on its way', async () => {
    const db = () => server.deps.couch.db('content');
    let value = 'old';
    let releaseSlowLoad: () => void = () => undefined;
    let slow = true;
    const cache = seqCache(
      db,
      async () => {
        const seen = value;
        if (slow) {
          slow = false;
          await new Promise<void>((resolve) => (releaseSlowLoad = resolve));
        }
        return seen;
      },
      { checkEveryMs: 60_000 },
    );
    // A read starts loading the old value and is held there.
    const before = cache.get();
    await vi.waitFor(() => expect(slow).toBe(false));
    // The write happens in this process, which invalidates.
    value = 'new';
    await db().insert({ _id: 'probe:2', type: 'probe' } as never);
    cache.invalidate();
    const after = cache.get();
    releaseSlowLoad();
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    // The old load's answer was not kept either.
    expect(await cache.get()).toBe('new');
  });

  it('a service made inactive disappears from GET /api/getServices within the check interval', async () => {
    const catalog = server.deps.couch.db<{ status: string }>('catalog');
    const chef = await catalog.get('service:chef');
    await catalog.insert({ ...chef, status: 'inactive' });
    await new Promise((r) => setTimeout(r, 1100));
    const names = (
      (await (await server.request('/api/getServices')).json()) as { name: string }[]
    ).map((s) => s.name);
    expect(names).not.toContain('Chef');
    expect(names).toHaveLength(7);
  });
});
