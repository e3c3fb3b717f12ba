import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsByIds } from '../src/couch/docs-by-ids';
import { startTestServer, type TestServer } from './helpers/server';

describe('docsByIds on the embedded server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('gives the current revision of each document asked for; missing and deleted ones left out', async () => {
    const db = server.deps.couch.db('content');
    const first = await db.insert({ _id: 'probe:a', type: 'probe', n: 1 } as never);
    await db.insert({ _id: 'probe:a', _rev: first.rev, type: 'probe', n: 2 } as never);
    await db.insert({ _id: 'probe:b', type: 'probe', n: 3 } as never);
    const gone = await db.insert({ _id: 'probe:c', type: 'probe', n: 4 } as never);
    await db.destroy('probe:c', gone.rev);

    const docs = await docsByIds<{ _id: string; _rev: string; n: number }>(db, [
      'probe:a',
      'probe:missing',
      'probe:b',
      'probe:c',
      'probe:a',
    ]);

    expect([...docs.keys()].sort()).toEqual(['probe:a', 'probe:b']);
    expect(docs.get('probe:a')).toMatchObject({ n: 2, _rev: expect.stringMatching(/^2-/) });
    expect(docs.get('probe:b')).toMatchObject({ n: 3 });
    expect(docs.get('probe:a')).not.toHaveProperty('_revisions');
  });

  it('makes no request for no id', async () => {
    const db = server.deps.couch.db('content');
    const unreachable = { ...db, server: { request: () => Promise.reject(new Error('asked')) } };
    expect((await docsByIds(unreachable as never, [])).size).toBe(0);
  });
});
