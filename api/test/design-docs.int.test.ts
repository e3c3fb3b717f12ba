import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapServer } from '@wayfarer/couch';
import {
  DESIGN_DOCS_ROOT,
  deployServerDesign,
  hashOf,
  pushDesign,
  swapStaged,
  type JsDesignDoc,
} from '@wayfarer/design-docs';
import { startTestServer, type TestServer } from './helpers/server';

describe('design documents on the database server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: 'false' });
  });
  afterAll(() => server.close());

  it('were pushed at start; pushing again writes nothing', async () => {
    const { databases } = server.deps.couch;
    const again = await deployServerDesign(server.deps.couch.server, databases);
    expect(again.pushed).toEqual([]);
    expect(again.unchanged).toContain(`${databases.catalog}/_design/services`);
  });

  it('after one view file is edited, stages exactly that design document, then swaps it in', async () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'ddocs-'));
    cpSync(DESIGN_DOCS_ROOT, copy, { recursive: true, filter: (src) => !/node_modules/.test(src) });
    const file = path.join(copy, 'users/accounts/views/by_tagname/map.js');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('emit(doc.tagname, null)', 'emit(doc.tagname, doc.id)'),
    );

    const { databases } = server.deps.couch;
    const couch = server.deps.couch.server;
    const result = await deployServerDesign(couch, databases, copy);
    expect(result.pushed).toEqual([]);
    expect(result.staged.map((s) => `${s.dbName}/${s.doc._id}`)).toEqual([
      `${databases.users}/_design/accounts`,
    ]);
    const users = server.deps.couch.db('users');
    const mapOf = async (id: string) =>
      ((await users.get(id)) as unknown as { views: { by_tagname: { map: string } } }).views
        .by_tagname.map;
    // Until the swap, the live version is the old one; the staged copy holds the new views.
    expect(await mapOf('_design/accounts')).not.toContain('doc.id');
    expect(await mapOf('_design/accounts.staged')).toContain('doc.id');

    expect(await swapStaged(couch, result.staged, { pollMs: 50 })).toEqual({
      swapped: [`${databases.users}/_design/accounts`],
      failed: [],
    });
    expect(await mapOf('_design/accounts')).toContain('doc.id');
    await expect(users.get('_design/accounts.staged')).rejects.toMatchObject({ statusCode: 404 });

    // And the original files put it back, again alone.
    const back = await deployServerDesign(couch, databases);
    expect(back.staged.map((s) => s.doc._id)).toEqual(['_design/accounts']);
    expect((await swapStaged(couch, back.staged, { pollMs: 50 })).failed).toEqual([]);
    expect((await deployServerDesign(couch, databases)).unchanged).toContain(
      `${databases.users}/_design/accounts`,
    );
  });

  it('at start, stages a server design document whose views are older, and swaps it in after', async () => {
    const users = () => server.deps.couch.db('users');
    const current = (await users().get('_design/accounts')) as unknown as {
      views: Record<string, unknown>;
      meta: { hash: string };
    };
    // An older version, as an earlier release of the API left it.
    await users().insert({
      ...current,
      views: { by_tagname: current.views.by_tagname },
      meta: { hash: 'an-older-version' },
    } as never);

    const { dataDir } = server;
    await server.close();
    server = await startTestServer({ SEED_DEMO: 'false' }, dataDir);
    const swap = await server.designSwap.done;
    expect(swap.swapped).toEqual([`${server.deps.couch.databases.users}/_design/accounts`]);
    expect(swap.failed).toEqual([]);
    const live = (await users().get('_design/accounts')) as unknown as { meta: { hash: string } };
    expect(live.meta.hash).toBe(current.meta.hash);
  });

  it('creates Mango indexes once and replaces one whose fields changed', async () => {
    const db = server.deps.couch.databases.content;
    const index = { ddoc: 'test-idx', name: 'by-type', index: { fields: ['type', 'created_at'] } };
    expect((await pushDesign(server.deps.couch.server, db, [], [index])).pushed).toEqual([
      `${db}/_index/test-idx/by-type`,
    ]);
    expect((await pushDesign(server.deps.couch.server, db, [], [index])).pushed).toEqual([]);
    const changed = { ...index, index: { fields: ['type', 'updated_at'] } };
    expect((await pushDesign(server.deps.couch.server, db, [], [changed])).pushed).toHaveLength(1);
    const listed = (await server.deps.couch.server.request({ db, path: '_index' })) as {
      indexes: { name: string; def: { fields: Record<string, string>[] } }[];
    };
    const fields = listed.indexes
      .find((i) => i.name === 'by-type')!
      .def.fields.map((f) => Object.keys(f)[0]);
    expect(fields).toEqual(['type', 'updated_at']);
  });

  it('bootstrap is idempotent and gives every server database an admin-only _security', async () => {
    const { databases } = server.deps.couch;
    expect(await bootstrapServer(server.deps.couch.server, databases)).toEqual([]);
    for (const name of Object.values(databases)) {
      const security = (await server.deps.couch.server.request({
        db: name,
        path: '_security',
      })) as {
        members: { roles: string[] };
      };
      expect(security.members.roles, name).toEqual(['_admin']);
    }
  });
});

/** A design document as loadDesign makes one. */
function designDoc(fields: Omit<JsDesignDoc, '_id' | 'language' | 'meta'>): JsDesignDoc {
  const doc = { _id: '_design/things', language: 'javascript' as const, ...fields };
  return { ...doc, meta: { hash: hashOf(doc) } };
}

const byName = (emitted: string) => ({
  by_name: { map: `function (doc) { if (doc.name) emit(doc.name, ${emitted}); }` },
});

describe('staged design-document deploys', () => {
  let server: TestServer;
  let dbName: string;
  const stored = (id: string) =>
    server.deps.couch.server.use(dbName).get(id) as unknown as Promise<{
      _rev: string;
      meta: { hash: string };
      views?: Record<string, { map: string }>;
      validate_doc_update?: string;
    }>;

  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: 'false' });
    dbName = server.deps.couch.name('deploy_test');
    await server.deps.couch.server.db.create(dbName);
    await server.deps.couch.server.use(dbName).bulk({
      docs: Array.from({ length: 50 }, (_, i) => ({ _id: `thing${i}`, name: `thing ${i}` })),
    });
  });
  afterAll(() => server.close());

  it('writes a new design document, or one whose views did not change, live at once', async () => {
    const couch = server.deps.couch.server;
    const first = designDoc({ views: byName('null') });
    expect(await pushDesign(couch, dbName, [first], [])).toMatchObject({
      pushed: [`${dbName}/_design/things`],
      staged: [],
    });
    // A new validation, same views: the index stays, nothing to build first.
    const validated = designDoc({
      views: byName('null'),
      validate_doc_update: 'function (newDoc) { if (newDoc.bad) throw { forbidden: "bad" }; }',
    });
    expect(await pushDesign(couch, dbName, [validated], [])).toMatchObject({
      pushed: [`${dbName}/_design/things`],
      staged: [],
    });
    expect((await stored('_design/things')).validate_doc_update).toContain('forbidden');
  });

  it('stages changed views without their validation, and swaps them in once built', async () => {
    const couch = server.deps.couch.server;
    const before = designDoc({ views: byName('null') });
    await pushDesign(couch, dbName, [before], []);
    const changed = designDoc({
      views: byName('doc._id'),
      validate_doc_update: 'function (newDoc) { if (newDoc.worse) throw { forbidden: "no" }; }',
    });
    const result = await pushDesign(couch, dbName, [changed], []);
    expect(result.pushed).toEqual([]);
    expect(result.staged).toEqual([{ dbName, doc: changed }]);
    const staged = await stored('_design/things.staged');
    expect(staged.views).toEqual(changed.views);
    expect(staged.validate_doc_update).toBeUndefined();
    // Writes are judged by the live validation only until the swap.
    await server.deps.couch.server.use(dbName).insert({ _id: 'worse', worse: true } as never);

    await swapStaged(couch, result.staged, { pollMs: 50 });
    expect((await stored('_design/things')).meta.hash).toBe(changed.meta.hash);
    expect((await stored('_design/things')).validate_doc_update).toContain('worse');
  });

  it('reuses the staged copy a stopped deploy left, and replaces one of other content', async () => {
    const couch = server.deps.couch.server;
    const start = designDoc({ views: byName('null') });
    await swapStaged(couch, (await pushDesign(couch, dbName, [start], [])).staged, { pollMs: 50 });
    const next = designDoc({ views: byName('1') });
    const first = await pushDesign(couch, dbName, [next], []);
    // The process stops before swapping: the signal is already aborted.
    const stopped = await swapStaged(couch, first.staged, { signal: AbortSignal.abort() });
    expect(stopped.swapped).toEqual([]);
    expect(stopped.failed).toHaveLength(1);
    const left = await stored('_design/things.staged');

    const again = await pushDesign(couch, dbName, [next], []);
    expect(again.staged.map((s) => s.doc.meta.hash)).toEqual([next.meta.hash]);
    expect((await stored('_design/things.staged'))._rev).toBe(left._rev);

    // Another version's deploy left its own staged copy: replaced.
    const other = designDoc({ views: byName('2') });
    await pushDesign(couch, dbName, [other], []);
    expect((await stored('_design/things.staged')).meta.hash).toBe(other.meta.hash);
    expect((await swapStaged(couch, again.staged, { pollMs: 50 })).failed[0]?.error).toMatchObject({
      message: expect.stringContaining('replaced by another deploy'),
    });
    expect((await stored('_design/things')).meta.hash).not.toBe(next.meta.hash);
    const final = await pushDesign(couch, dbName, [next], []);
    expect((await swapStaged(couch, final.staged, { pollMs: 50 })).failed).toEqual([]);
    expect((await stored('_design/things')).meta.hash).toBe(next.meta.hash);
  });

  it('removes a staged copy left after its swap, on the next push', async () => {
    const couch = server.deps.couch.server;
    const doc = designDoc({ views: byName('3') });
    await swapStaged(couch, (await pushDesign(couch, dbName, [doc], [])).staged, { pollMs: 50 });
    // As if the process had stopped between the swap and the deletion.
    const { _id, language, views, meta } = doc;
    await server.deps.couch.server
      .use(dbName)
      .insert({ _id: `${_id}.staged`, language, views, meta } as never);
    expect(await pushDesign(couch, dbName, [doc], [])).toMatchObject({
      unchanged: [`${dbName}/_design/things`],
      staged: [],
    });
    await expect(stored('_design/things.staged')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lets several API instances deploy the same change at once', async () => {
    const couch = server.deps.couch.server;
    const doc = designDoc({ views: byName('4') });
    const pushes = await Promise.all([1, 2, 3].map(() => pushDesign(couch, dbName, [doc], [])));
    const swaps = await Promise.all(pushes.map((p) => swapStaged(couch, p.staged, { pollMs: 50 })));
    for (const swap of swaps)
      expect(swap).toEqual({ swapped: [`${dbName}/_design/things`], failed: [] });
    expect((await stored('_design/things')).meta.hash).toBe(doc.meta.hash);
    await expect(stored('_design/things.staged')).rejects.toMatchObject({ statusCode: 404 });
  });
});
