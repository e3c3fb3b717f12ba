import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesign, type JsDesignDoc } from '../src/load';
import { indexKey, isStillBuilding, stagedDoc } from '../src/stage';

const byName = { map: 'function (doc) { emit(doc.name, null); }', reduce: '_count' };
const doc: JsDesignDoc = {
  _id: '_design/things',
  language: 'javascript',
  views: { by_name: byName },
  validate_doc_update: 'function (newDoc) {}',
  filters: { mine: 'function (doc) { return true; }' },
  meta: { hash: 'abc' },
};

describe('indexKey', () => {
  it('follows the views, language and options, as the servers key an index', () => {
    const { validate_doc_update: _v, filters: _f, ...viewsOnly } = doc;
    expect(indexKey(viewsOnly)).toBe(indexKey(doc));
    expect(indexKey({ ...doc, views: { by_name: { ...byName, reduce: '_sum' } } })).not.toBe(
      indexKey(doc),
    );
    expect(indexKey({ ...doc, views: { by_other: byName } })).not.toBe(indexKey(doc));
    expect(indexKey({ ...doc, options: { local_seq: true } })).not.toBe(indexKey(doc));
    // As a server returns it: other key order, language and options left out.
    const stored = {
      views: { by_name: { reduce: '_count', map: byName.map } },
      options: {},
    };
    expect(indexKey(stored)).toBe(indexKey(doc));
  });
});

describe('stagedDoc', () => {
  it('holds the views only, under the staged name, so no validation acts before the swap', () => {
    expect(stagedDoc(doc)).toEqual({
      _id: '_design/things.staged',
      language: 'javascript',
      views: doc.views,
      meta: doc.meta,
    });
    expect(indexKey(stagedDoc(doc))).toBe(indexKey(doc));
  });
});

describe('isStillBuilding', () => {
  it('is true of answers that mean "ask again", false of real errors', () => {
    expect(
      isStillBuilding({
        statusCode: 500,
        error: 'timeout',
        reason: 'The request could not be processed in a reasonable amount of time.',
      }),
    ).toBe(true);
    expect(isStillBuilding({ statusCode: 503 })).toBe(true);
    expect(
      isStillBuilding(
        Object.assign(new Error('fetch failed'), { cause: { code: 'UND_ERR_HEADERS_TIMEOUT' } }),
      ),
    ).toBe(true);
    expect(
      isStillBuilding(new Error('error happened in your connection. Reason: fetch failed')),
    ).toBe(true);
    expect(isStillBuilding({ statusCode: 404, error: 'not_found' })).toBe(false);
    expect(isStillBuilding({ statusCode: 500, error: 'compilation_error' })).toBe(false);
    expect(isStillBuilding(new TypeError('x is not a function'))).toBe(false);
  });
});

describe('loadDesign', () => {
  it('refuses a folder named like a staged copy', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ddocs-'));
    const dir = path.join(root, 'catalog', 'gigs.staged', 'views', 'all');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'map.js'), 'function (doc) { emit(doc._id, null); }');
    await expect(loadDesign(root)).rejects.toThrow(/kept for staged deploys/);
  });
});
