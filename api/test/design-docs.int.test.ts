import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapServer } from '@wayfarer/couch';
import { DESIGN_DOCS_ROOT, deployServerDesign, pushDesign } from '@wayfarer/design-docs';
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

  it('after one view file is edited, pushes exactly that design document', async () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'ddocs-'));
    cpSync(DESIGN_DOCS_ROOT, copy, { recursive: true, filter: (src) => !/node_modules/.test(src) });
    const file = path.join(copy, 'users/accounts/views/by_tagname/map.js');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('emit(doc.tagname, null)', 'emit(doc.tagname, doc.id)'),
    );

    const { databases } = server.deps.couch;
    const result = await deployServerDesign(server.deps.couch.server, databases, copy);
    expect(result.pushed).toEqual([`${databases.users}/_design/accounts`]);
    const stored = (await server.deps.couch.db('users').get('_design/accounts')) as unknown as {
      views: { by_tagname: { map: string } };
    };
    expect(stored.views.by_tagname.map).toContain('doc.id');

    // And the original files put it back, again alone.
    const back = await deployServerDesign(server.deps.couch.server, databases);
    expect(back.pushed).toEqual([`${databases.users}/_design/accounts`]);
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
