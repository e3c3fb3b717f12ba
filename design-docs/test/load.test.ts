import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESIGN_DOCS_ROOT, loadDesign } from '../src/load';

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (['node_modules', 'src', 'test'].includes(name)) return [];
    return statSync(full).isDirectory() ? filesBelow(full) : [full];
  });
}

describe('loadDesign', () => {
  it('builds one design document per folder, each function compiling as a function', async () => {
    const designs = await loadDesign();
    const catalog = designs.find((d) => d.database === 'catalog');
    expect(catalog?.designDocs.map((d) => d._id)).toContain('_design/services');
    for (const design of designs) {
      for (const doc of design.designDocs) {
        for (const view of Object.values(doc.views ?? {})) {
          expect(() => new Function(`return (${view.map})`)()).not.toThrow();
          expect(view.map.startsWith('function')).toBe(true);
        }
        if (doc.validate_doc_update) {
          expect(doc.validate_doc_update.startsWith('function')).toBe(true);
        }
      }
    }
  });

  it('changes the hash of exactly the design document whose file changed', async () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'ddocs-'));
    cpSync(DESIGN_DOCS_ROOT, copy, {
      recursive: true,
      filter: (src) => !/node_modules|[\\/]src$|[\\/]test$/.test(src),
    });
    const before = await loadDesign(copy);
    const file = path.join(copy, 'users/accounts/views/by_tagname/map.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('null', '1'));
    const after = await loadDesign(copy);
    const hashes = (ds: typeof before) =>
      Object.fromEntries(
        ds.flatMap((d) => d.designDocs.map((doc) => [`${d.database}/${doc._id}`, doc.meta.hash])),
      );
    const changed = Object.keys(hashes(after)).filter(
      (k) => hashes(after)[k] !== hashes(before)[k],
    );
    expect(changed).toEqual(['users/_design/accounts']);
  });

  it('every design function file is named by a unit test', () => {
    const tests = readdirSync(path.join(DESIGN_DOCS_ROOT, 'test'))
      .map((f) => readFileSync(path.join(DESIGN_DOCS_ROOT, 'test', f), 'utf8'))
      .join('\n');
    const untested = filesBelow(DESIGN_DOCS_ROOT)
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.relative(DESIGN_DOCS_ROOT, f))
      .filter((rel) => !tests.includes(rel));
    expect(untested).toEqual([]);
  });
});
