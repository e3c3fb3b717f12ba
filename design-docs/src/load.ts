import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { STAGED_SUFFIX } from './stage';

/** A JavaScript design document built from files. */
export interface JsDesignDoc {
  _id: string;
  language: 'javascript';
  views?: Record<string, { map: string; reduce?: string }>;
  validate_doc_update?: string;
  filters?: Record<string, string>;
  /** Hash of the content above: the push compares it to decide whether anything changed. */
  meta: { hash: string };
}

/** A Mango index, pushed through `POST /{db}/_index` (portable across CouchDB and pouchdb-server). */
export interface MangoIndex {
  ddoc: string;
  name: string;
  index: { fields: (string | Record<string, 'asc' | 'desc'>)[]; partial_filter_selector?: object };
}

export interface DatabaseDesign {
  /** The folder name: a key of SERVER_DATABASES, or `userdb` for every user database. */
  database: string;
  designDocs: JsDesignDoc[];
  indexes: MangoIndex[];
  /** Source files behind each document, for messages and tests. */
  files: Record<string, string[]>;
}

/**
 * Root of the design document tree: this package's folder, found through the package itself so
 * that the API's production bundle (which has no `design-docs/src` beside it) finds it too.
 */
export const DESIGN_DOCS_ROOT = path.dirname(
  createRequire(import.meta.url).resolve('@wayfarer/design-docs/package.json'),
);

const IGNORED = new Set(['src', 'test', 'node_modules']);

async function isDir(p: string) {
  return existsSync(p) && (await stat(p)).isDirectory();
}

async function readSource(file: string): Promise<string> {
  return (await readFile(file, 'utf8')).trim();
}

async function subdirs(dir: string): Promise<string[]> {
  if (!(await isDir(dir))) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !IGNORED.has(e.name) && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

/**
 * Reads `<root>/<database>/<ddoc>/`:
 * - `views/<view>/map.js` and optional `reduce.js` (a function, or a built-in such as `_count`);
 * - `validate_doc_update.js`;
 * - `filters/<name>.js`;
 * - `indexes/<name>.json` (Mango: `{"index": {"fields": [...]}}`).
 */
export async function loadDesign(root = DESIGN_DOCS_ROOT): Promise<DatabaseDesign[]> {
  const result: DatabaseDesign[] = [];
  for (const database of await subdirs(root)) {
    const design: DatabaseDesign = { database, designDocs: [], indexes: [], files: {} };
    for (const name of await subdirs(path.join(root, database))) {
      const dir = path.join(root, database, name);
      if (name.endsWith(STAGED_SUFFIX)) {
        throw new Error(`${dir}: names ending in ${STAGED_SUFFIX} are kept for staged deploys.`);
      }
      const id = `_design/${name}`;
      const files: string[] = [];
      const doc: Omit<JsDesignDoc, 'meta'> = { _id: id, language: 'javascript' };

      for (const view of await subdirs(path.join(dir, 'views'))) {
        const mapFile = path.join(dir, 'views', view, 'map.js');
        if (!existsSync(mapFile)) throw new Error(`${mapFile} is missing: every view needs a map.`);
        const reduceFile = path.join(dir, 'views', view, 'reduce.js');
        doc.views ??= {};
        doc.views[view] = { map: stripLeadingComments(await readSource(mapFile)) };
        files.push(mapFile);
        if (existsSync(reduceFile)) {
          doc.views[view].reduce = stripLeadingComments(await readSource(reduceFile));
          files.push(reduceFile);
        }
      }
      const validateFile = path.join(dir, 'validate_doc_update.js');
      if (existsSync(validateFile)) {
        doc.validate_doc_update = stripLeadingComments(await readSource(validateFile));
        files.push(validateFile);
      }
      const filtersDir = path.join(dir, 'filters');
      if (await isDir(filtersDir)) {
        for (const f of (await readdir(filtersDir)).filter((f) => f.endsWith('.js')).sort()) {
          doc.filters ??= {};
          doc.filters[f.slice(0, -3)] = stripLeadingComments(
            await readSource(path.join(filtersDir, f)),
          );
          files.push(path.join(filtersDir, f));
        }
      }
      const indexesDir = path.join(dir, 'indexes');
      if (await isDir(indexesDir)) {
        for (const f of (await readdir(indexesDir)).filter((f) => f.endsWith('.json')).sort()) {
          const parsed = JSON.parse(await readFile(path.join(indexesDir, f), 'utf8')) as {
            index: MangoIndex['index'];
          };
          if (!parsed.index || !Array.isArray(parsed.index.fields)) {
            throw new Error(`${path.join(indexesDir, f)} must be {"index": {"fields": [...]}}.`);
          }
          design.indexes.push({ ddoc: name, name: f.slice(0, -5), index: parsed.index });
          files.push(path.join(indexesDir, f));
        }
      }
      if (doc.views || doc.validate_doc_update || doc.filters) {
        if (design.indexes.some((i) => i.ddoc === name)) {
          // CouchDB keeps Mango indexes in design docs of language "query".
          throw new Error(`${dir}: put Mango indexes and JavaScript views in different folders.`);
        }
        design.designDocs.push({ ...doc, meta: { hash: hashOf(doc) } });
      }
      design.files[id] = files;
    }
    result.push(design);
  }
  return result;
}

/**
 * Leading `//` comments document a function in its file; CouchDB wants the bare function, so
 * they are dropped (comments inside the function body are kept).
 */
export function stripLeadingComments(source: string): string {
  const lines = source.split('\n');
  while (lines.length && /^\s*(\/\/.*)?$/.test(lines[0]!)) lines.shift();
  return lines.join('\n').trim();
}

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}
