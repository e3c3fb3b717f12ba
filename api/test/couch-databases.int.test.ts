import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * Databases by name, as every request to one finds it: there as soon as it is made, gone as
 * soon as it is deleted, never confused with another name. The embedded server checks a name
 * against its list of databases on every request (couch/src/child.cjs keeps that check from
 * listing them all); CouchDB gives the same answers.
 */
describe('databases by name', () => {
  let server: TestServer;
  const made = new Set<string>();
  const nameOf = (base: string) => server.deps.couch.name(`dbtest_${base}`);
  const status = (error: unknown) => (error as { statusCode?: number }).statusCode;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    if (!server) return;
    await Promise.all(
      [...made].map((name) => server.deps.couch.server.db.destroy(name).catch(() => undefined)),
    );
    await server.close();
  });

  const create = async (name: string) => {
    made.add(name);
    await server.deps.couch.server.db.create(name);
  };

  it('is there at once after it is made, and gone at once after it is deleted', async () => {
    const couch = server.deps.couch.server;
    const names = Array.from({ length: 12 }, (_, i) => nameOf(`cycle_${i}`));
    await Promise.all(
      names.map(async (name) => {
        await create(name);
        const db = couch.use<{ n: number }>(name);
        await db.insert({ _id: 'first', n: 1 });
        expect((await db.info()).doc_count).toBe(1);
        await couch.db.destroy(name);
        const gone = await db.info().catch((error: unknown) => error);
        expect(status(gone)).toBe(404);
        expect(gone).toMatchObject({ error: 'not_found' });
        // Made again: a new, empty database.
        await couch.db.create(name);
        expect((await db.info()).doc_count).toBe(0);
      }),
    );
  });

  it('answers 404 for a database never made, to reads and to writes', async () => {
    const db = server.deps.couch.server.use(nameOf('never_made'));
    const read = await db.info().catch((error: unknown) => error);
    expect(status(read)).toBe(404);
    expect(read).toMatchObject({ error: 'not_found' });
    const write = await db.insert({ _id: 'x' } as never).catch((error: unknown) => error);
    expect(status(write)).toBe(404);
  });

  it('finds a name with the characters a database name may have by that exact name only', async () => {
    const couch = server.deps.couch.server;
    const odd = nameOf('a/b$c(d)e+f-g');
    await create(odd);
    await couch.use(odd).insert({ _id: 'here' } as never);
    expect((await couch.use(odd).info()).doc_count).toBe(1);
    // The part before the slash is another database, never made.
    const before = await couch
      .use(nameOf('a'))
      .info()
      .catch((error: unknown) => error);
    expect(status(before)).toBe(404);
  });

  it('keeps answering requests to other databases while databases are made and deleted', async () => {
    const couch = server.deps.couch.server;
    const steady = nameOf('steady');
    await create(steady);
    const db = couch.use<{ n: number }>(steady);
    await db.insert({ _id: 'doc', n: 7 });
    const churn = Array.from({ length: 8 }, (_, i) => nameOf(`churn_${i}`));
    const [reads] = await Promise.all([
      Promise.all(Array.from({ length: 150 }, () => db.get('doc'))),
      Promise.all(
        churn.map(async (name) => {
          await create(name);
          await couch.use(name).insert({ _id: 'x' } as never);
          await couch.db.destroy(name);
        }),
      ),
    ]);
    expect(reads.every((doc) => doc.n === 7)).toBe(true);
  });
});
