import { AppError, forbidden } from '../../lib/errors';
import type { GatewayRoute } from './query';

/**
 * Request bodies through the sync gateway: every one is JSON, read, bounded in nesting depth,
 * checked against the shape its endpoint takes (only the expected fields, with their types),
 * and sent upstream re-serialised, so CouchDB parses exactly what the gateway checked (no
 * duplicate keys read two ways). The sizes are bounded by SYNC_BODY_LIMIT_BYTES before this.
 */

/**
 * The deepest nesting of arrays and objects accepted. The app's documents nest a few levels
 * (a _bulk_docs batch with inline attachments about five); far deeper ones only exhaust a
 * recursive reader's stack (a 20,000-deep document made the database answer with a RangeError
 * and its stack trace).
 */
export const MAX_JSON_DEPTH = 64;

const bad = (message: string) => new AppError(400, message);

/** Refuses JSON text nested deeper than `max`, without recursion (before JSON.parse). */
export function checkJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max)
        throw bad(`The request body is nested too deeply (more than ${max} levels).`);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
}

function parseJsonBody(text: string): unknown {
  checkJsonDepth(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bad('The request body is not valid JSON.');
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyFields(body: unknown, fields: string[], what: string): Json {
  if (!isObject(body)) throw bad(`The body of ${what} must be a JSON object.`);
  for (const key of Object.keys(body)) {
    if (!fields.includes(key))
      throw bad(`The body of ${what} may not have the field ${JSON.stringify(key.slice(0, 40))}.`);
  }
  return body;
}

const isSystemId = (id: unknown) => typeof id === 'string' && id.startsWith('_');

export const REV_PATTERN = /^\d{1,10}-[0-9a-zA-Z]{1,128}$/;
const isRev = (value: unknown) => typeof value === 'string' && REV_PATTERN.test(value);
const isCount = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The special members CouchDB takes in a document body (it refuses others, or ignores them). */
const SPECIAL_MEMBERS = new Set([
  '_id',
  '_rev',
  '_deleted',
  '_attachments',
  '_revisions',
  '_revs_info',
  '_conflicts',
  '_deleted_conflicts',
  '_local_seq',
]);
const STUB_FIELDS = [
  'stub',
  'content_type',
  'digest',
  'length',
  'revpos',
  'encoding',
  'encoded_length',
];
const INLINE_FIELDS = ['data', 'content_type', 'digest', 'length', 'revpos'];

/**
 * The special members of a document written through the gateway, in the shapes CouchDB's JSON
 * API takes: `_rev` a revision, `_deleted` a boolean, `_revisions` a start and ids, and each
 * attachment either a stub or inline base64 data (never `follows`, which belongs to multipart
 * bodies). The embedded server exits on some other shapes (an attachment whose data is an
 * object, or `follows`), and CouchDB refuses them anyway; the user database's
 * validate_doc_update judges the rest.
 */
function checkDocument(doc: Json, { local = false } = {}): void {
  for (const key of Object.keys(doc)) {
    if (key.startsWith('_') && !SPECIAL_MEMBERS.has(key))
      throw bad(`The document member ${JSON.stringify(key.slice(0, 40))} is not allowed.`);
  }
  if ('_rev' in doc && !isRev(doc._rev)) throw bad('"_rev" must be a revision such as "1-abc".');
  if ('_deleted' in doc && typeof doc._deleted !== 'boolean')
    throw bad('"_deleted" must be true or false.');
  if (local && ('_attachments' in doc || '_revisions' in doc))
    throw bad('A local document has no attachments or revision history.');
  if ('_revisions' in doc) {
    const revisions = doc._revisions;
    if (
      !isObject(revisions) ||
      !isCount(revisions.start) ||
      !Array.isArray(revisions.ids) ||
      !revisions.ids.every((id) => typeof id === 'string' && /^[0-9a-zA-Z]{1,128}$/.test(id))
    )
      throw bad('"_revisions" must have a "start" number and a list of revision "ids".');
  }
  if ('_attachments' in doc) {
    const attachments = doc._attachments;
    if (!isObject(attachments)) throw bad('"_attachments" must be an object.');
    for (const [name, attachment] of Object.entries(attachments)) {
      if (name === '' || name.startsWith('_'))
        throw bad('An attachment name may not be empty or start with "_".');
      if (!isObject(attachment)) throw bad('Every attachment must be an object.');
      const stub = attachment.stub === true;
      const fields = stub ? STUB_FIELDS : INLINE_FIELDS;
      for (const key of Object.keys(attachment)) {
        if (!fields.includes(key))
          throw bad(
            `An attachment ${stub ? 'stub' : 'with inline data'} may not have the field ${JSON.stringify(key.slice(0, 40))}.`,
          );
      }
      if (!stub && !(typeof attachment.data === 'string' && BASE64.test(attachment.data)))
        throw bad('Inline attachment data must be a base64 string.');
      for (const key of ['content_type', 'digest', 'encoding'])
        if (key in attachment && typeof attachment[key] !== 'string')
          throw bad(`The attachment's "${key}" must be a string.`);
      for (const key of ['length', 'revpos', 'encoded_length'])
        if (key in attachment && !isCount(attachment[key]))
          throw bad(`The attachment's "${key}" must be a number.`);
    }
  }
}
const SYSTEM_DOCS = 'Design and system documents cannot be written or read here.';

function idList(value: unknown, field: string, what: string): string[] {
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string'))
    throw bad(`"${field}" in ${what} must be a list of document ids.`);
  if (value.some(isSystemId)) throw forbidden(SYSTEM_DOCS);
  return value as string[];
}

export interface CheckedBody {
  /** What to send upstream (re-serialised), or null for no body. */
  text: string | null;
  /** Documents written (for the jobs they cause). */
  written: unknown[];
}

/**
 * Reads, bounds and checks the body of a gateway request. `params` are the checked query
 * parameters (the `_doc_ids` filter and its body go together).
 */
export function checkBody(
  route: GatewayRoute,
  method: string,
  params: Map<string, string>,
  text: string,
): CheckedBody {
  const hasBody = method === 'POST' || method === 'PUT';
  if (route.kind === 'endpoint' && route.name === '_changes' && !hasBody && params.has('filter'))
    throw bad('The _doc_ids filter goes with a "doc_ids" list in the body of a POST.');
  if (!hasBody) {
    if (text.trim() !== '') throw bad('This request takes no body.');
    return { text: null, written: [] };
  }
  const empty = text.trim() === '';
  const body = empty ? undefined : parseJsonBody(text);

  if (route.kind === 'doc' || route.kind === 'local') {
    if (!isObject(body)) throw bad('The body must be the document, as a JSON object.');
    // CouchDB stores the path's id, the embedded server the body's: the two must agree.
    if ('_id' in body && body._id !== route.id)
      throw bad(
        `The document's "_id" (${JSON.stringify(String(body._id).slice(0, 100))}) differs from the id in the path (${JSON.stringify(route.id)}).`,
      );
    checkDocument(body, { local: route.kind === 'local' });
    return { text: JSON.stringify(body), written: route.kind === 'doc' ? [body] : [] };
  }
  if (route.kind !== 'endpoint') throw bad('This request takes no body.');

  const what = route.name;
  switch (route.name) {
    case '_bulk_docs': {
      const checked = onlyFields(body, ['docs', 'new_edits'], what);
      if (!Array.isArray(checked.docs) || !checked.docs.every(isObject))
        throw bad('The body needs a "docs" list of documents.');
      if ('new_edits' in checked && typeof checked.new_edits !== 'boolean')
        throw bad('"new_edits" must be true or false.');
      for (const doc of checked.docs as Json[]) {
        if ('_id' in doc && typeof doc._id !== 'string') throw bad('Every "_id" must be a string.');
        if (isSystemId(doc._id)) throw forbidden(SYSTEM_DOCS);
        checkDocument(doc);
      }
      return { text: JSON.stringify(checked), written: checked.docs };
    }
    case '_bulk_get': {
      const checked = onlyFields(body, ['docs'], what);
      // An empty list is never answered by the embedded server: refused (PouchDB sends none).
      if (!Array.isArray(checked.docs) || checked.docs.length === 0)
        throw bad('The body needs a "docs" list with at least one entry.');
      for (const entry of checked.docs) {
        const e = onlyFields(entry, ['id', 'rev', 'atts_since'], `an entry of ${what}`);
        if (typeof e.id !== 'string') throw bad('Every entry needs an "id".');
        if (isSystemId(e.id)) throw forbidden(SYSTEM_DOCS);
        if ('rev' in e && !isRev(e.rev)) throw bad('"rev" must be a revision such as "1-abc".');
        if ('atts_since' in e && !(Array.isArray(e.atts_since) && e.atts_since.every(isRev)))
          throw bad('"atts_since" must be a list of revisions.');
      }
      return { text: JSON.stringify(checked), written: [] };
    }
    case '_revs_diff': {
      if (!isObject(body)) throw bad(`The body of ${what} must be a JSON object.`);
      for (const [id, revs] of Object.entries(body)) {
        if (isSystemId(id)) throw forbidden(SYSTEM_DOCS);
        if (!Array.isArray(revs) || !revs.every(isRev))
          throw bad('Each document of _revs_diff needs a list of revisions.');
      }
      return { text: JSON.stringify(body), written: [] };
    }
    case '_all_docs': {
      const checked = onlyFields(body ?? {}, ['keys'], what);
      if ('keys' in checked) idList(checked.keys, 'keys', what);
      return { text: JSON.stringify(checked), written: [] };
    }
    case '_changes': {
      const checked = onlyFields(body ?? {}, ['doc_ids'], what);
      const filtered = params.get('filter') === '_doc_ids';
      if ('doc_ids' in checked) idList(checked.doc_ids, 'doc_ids', what);
      if (filtered !== 'doc_ids' in checked)
        throw bad('The _doc_ids filter goes with a "doc_ids" list in the body, and only with it.');
      return { text: JSON.stringify(checked), written: [] };
    }
    default:
      throw bad('This request takes no body.');
  }
}
