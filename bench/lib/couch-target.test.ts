import { describe, expect, it } from 'vitest';
import {
  couchTarget,
  emptyServer,
  isStillBuilding,
  productDatabases,
  untilBuilt,
  waitForCompaction,
  waitForViews,
} from './couch-target';

interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
}

/**
 * A fake CouchDB: `answer(method, path)` gives each request's status and JSON body; every request
 * is recorded.
 */
function fakeServer(answer: (method: string, path: string) => [number, unknown]) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const path = decodeURIComponent(url.pathname) + url.search;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method, path, authorization: headers.authorization });
    const [status, body] = answer(method, path);
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { calls, target: couchTarget('http://admin:s%40cret@127.0.0.1:5984', fetchImpl) };
}

const TIMEOUT: [number, unknown] = [
  500,
  {
    error: 'timeout',
    reason: 'The request could not be processed in a reasonable amount of time.',
  },
];

describe('productDatabases', () => {
  it("keeps the server databases and the member databases, never CouchDB's own or others", () => {
    expect(
      productDatabases([
        '_global_changes',
        '_replicator',
        '_users',
        'other_app',
        'userdb-6162',
        'wf_catalog',
        'wf_content',
        'wf_jobs',
        'wf_market',
        'wf_projects',
        'wf_users',
        'wf_users_backup',
        'wft1234_wf_users',
      ]),
    ).toEqual([
      'userdb-6162',
      'wf_catalog',
      'wf_content',
      'wf_jobs',
      'wf_market',
      'wf_projects',
      'wf_users',
    ]);
  });
});

describe('couchTarget', () => {
  it('sends the credentials of the URL as a header, not in the URL', async () => {
    const { calls, target } = fakeServer(() => [200, {}]);
    expect(target.base).toBe('http://127.0.0.1:5984');
    await target.request('/_all_dbs');
    expect(calls[0]!.authorization).toBe('Basic ' + Buffer.from('admin:s@cret').toString('base64'));
  });
});

describe('emptyServer', () => {
  it("deletes the product's databases and the gateway account, nothing else", async () => {
    const { calls, target } = fakeServer((method, path) => {
      if (path === '/_all_dbs')
        return [200, ['_replicator', '_users', 'wf_users', 'userdb-61', 'x']];
      if (method === 'GET' && path === '/_users/org.couchdb.user:wayfarer_gateway')
        return [200, { _id: 'org.couchdb.user:wayfarer_gateway', _rev: '3-abc' }];
      return [200, { ok: true }];
    });
    expect(await emptyServer(target)).toEqual(['wf_users', 'userdb-61']);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/wf_users',
      '/userdb-61',
      '/_users/org.couchdb.user:wayfarer_gateway?rev=3-abc',
    ]);
  });

  it('goes on past a database already gone and a missing gateway account', async () => {
    const { target } = fakeServer((method, path) => {
      if (path === '/_all_dbs') return [200, ['wf_jobs']];
      return [404, { error: 'not_found' }];
    });
    expect(await emptyServer(target)).toEqual(['wf_jobs']);
  });
});

describe('waitForViews', () => {
  const designs = (db: string) => [
    200,
    {
      rows: [
        { doc: { _id: '_design/gigs', views: { search: {}, browse: {} } } },
        { doc: { _id: '_design/idx', language: 'query', views: { by_x: {} } } },
      ].map((row) => ({ ...row, id: `${db}:${row.doc._id}` })),
    },
  ];

  it('asks a view again while it answers 500 timeout or 503, until it answers', async () => {
    const left = { search: 2, browse: 1 };
    const { calls, target } = fakeServer((_, path) => {
      if (path.includes('/_all_docs')) return designs('wf_catalog') as [number, unknown];
      const view = path.includes('/search') ? 'search' : 'browse';
      if (left[view] > 0) {
        left[view] -= 1;
        return view === 'search' ? TIMEOUT : [503, { error: 'unavailable' }];
      }
      return [200, { rows: [] }];
    });
    const retried: string[] = [];
    const result = await waitForViews(target, {
      databases: ['wf_catalog'],
      limitMs: 10_000,
      retryDelayMs: 0,
      onRetry: (view, status) => retried.push(`${view} ${status}`),
    });
    expect(result).toEqual({ views: 2, retries: 3 });
    expect(retried).toEqual([
      'wf_catalog/gigs/search 500',
      'wf_catalog/gigs/search 500',
      'wf_catalog/gigs/browse 503',
    ]);
    // The Mango index's design document is not read as a view.
    expect(calls.some((c) => c.path.includes('_design/idx/_view'))).toBe(false);
  });

  it('throws on any other failure, and when the time is up', async () => {
    const broken = fakeServer((_, path) =>
      path.includes('/_all_docs')
        ? (designs('wf_catalog') as [number, unknown])
        : [500, { error: 'badmatch', reason: 'the map function failed' }],
    );
    await expect(
      waitForViews(broken.target, { databases: ['wf_catalog'], limitMs: 10_000, retryDelayMs: 0 }),
    ).rejects.toThrow(/wf_catalog\/gigs\/search: 500 .*badmatch/);

    const building = fakeServer((_, path) =>
      path.includes('/_all_docs') ? (designs('wf_catalog') as [number, unknown]) : TIMEOUT,
    );
    await expect(
      waitForViews(building.target, { databases: ['wf_catalog'], limitMs: 30, retryDelayMs: 5 }),
    ).rejects.toThrow(/wf_catalog\/gigs\/search: not built within 30 ms/);
  });
});

describe('waitForCompaction', () => {
  it('compacts what it is asked to, then polls until no database is compacting', async () => {
    let running = 2;
    const { calls, target } = fakeServer((method, path) => {
      if (method === 'POST') return [202, { ok: true }];
      if (path === '/wf_market') return [200, { compact_running: running-- > 0 }];
      return [200, { db_name: path.slice(1) }];
    });
    const result = await waitForCompaction(target, {
      databases: ['wf_users', 'wf_market'],
      compact: ['wf_market'],
      limitMs: 10_000,
      pollMs: 0,
    });
    expect(result).toEqual({ polls: 2 });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/wf_market/_compact',
    ]);
  });
});

describe('untilBuilt', () => {
  it("retries a read while nano's error says the index is still building", async () => {
    let tries = 0;
    const value = await untilBuilt(
      'ledger/by_account',
      async () => {
        tries += 1;
        if (tries < 3)
          throw Object.assign(new Error('timeout'), { statusCode: 500, error: 'timeout' });
        return 'rows';
      },
      { limitMs: 10_000, retryDelayMs: 0, onRetry: () => undefined },
    );
    expect(value).toBe('rows');
    expect(tries).toBe(3);
  });

  it('throws any other error at once', async () => {
    let tries = 0;
    const conflict = Object.assign(new Error('conflict'), { statusCode: 409, error: 'conflict' });
    await expect(
      untilBuilt(
        'x',
        async () => {
          tries += 1;
          throw conflict;
        },
        { limitMs: 10_000, retryDelayMs: 0 },
      ),
    ).rejects.toBe(conflict);
    expect(tries).toBe(1);
  });

  it('tells a still-building answer from the rest', () => {
    expect(isStillBuilding({ statusCode: 500, error: 'timeout' })).toBe(true);
    expect(isStillBuilding({ statusCode: 503 })).toBe(true);
    expect(isStillBuilding({ code: 'UND_ERR_HEADERS_TIMEOUT' })).toBe(true);
    expect(isStillBuilding({ statusCode: 500, error: 'unknown_error' })).toBe(false);
    expect(isStillBuilding({ statusCode: 404, error: 'not_found' })).toBe(false);
    expect(isStillBuilding(new Error('boom'))).toBe(false);
  });
});
