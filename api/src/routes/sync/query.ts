import { AppError } from '../../lib/errors';
import { REV_PATTERN } from './bodies';

/**
 * The query parameters the sync gateway passes, per kind of request, and the values each may
 * take: what PouchDB's replicator and HTTP adapter send (pouchdb-adapter-http, pouchdb-replication)
 * and what the web app uses (plain live replication, web/src/lib/local-db-engine.ts). Anything
 * else is refused with a 400: unknown names (bracket forms such as `filter[]` included), a name
 * given twice, a value outside its set. The upstream query is rebuilt from the checked values,
 * so CouchDB never parses anything the gateway did not.
 *
 * `_changes` takes no filter but `_doc_ids`: design filters and `_view` run code, and
 * `_selector` made the embedded server exit. Replication uses neither.
 */

/** A value check: the value to send upstream, or undefined when refused. */
type Check = (value: string) => string | undefined;

const bool: Check = (v) => (v === 'true' || v === 'false' ? v : undefined);
const int =
  (min: number, max: number): Check =>
  (v) => {
    if (!/^\d{1,9}$/.test(v)) return undefined;
    const n = Number(v);
    return n >= min && n <= max ? String(n) : undefined;
  };
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    values.includes(v) ? v : undefined;
/** A sequence: a number (pouchdb-server) or CouchDB's opaque `<n>-<base64url>` string. */
const seq: Check = (v) => (/^\d{1,20}(-[A-Za-z0-9_-]{1,4000})?$/.test(v) ? v : undefined);
const rev: Check = (v) => (REV_PATTERN.test(v) ? v : undefined);
const json = (v: string): unknown => {
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
};
/** A JSON string (an id, for _all_docs key ranges). */
const jsonString: Check = (v) => {
  const value = json(v);
  return typeof value === 'string' && value.length <= 1000 ? JSON.stringify(value) : undefined;
};
/** A JSON list of revisions. */
const jsonRevs: Check = (v) => {
  const value = json(v);
  return Array.isArray(value) &&
    value.length <= 1000 &&
    value.every((r) => typeof r === 'string' && REV_PATTERN.test(r))
    ? JSON.stringify(value)
    : undefined;
};
const openRevs: Check = (v) => (v === 'all' ? v : jsonRevs(v));

type Allowed = Record<string, Check>;

const NONE: Allowed = {};
const DOC_READ: Allowed = {
  rev,
  revs: bool,
  revs_info: bool,
  open_revs: openRevs,
  latest: bool,
  conflicts: bool,
  deleted_conflicts: bool,
  local_seq: bool,
  attachments: bool,
  att_encoding_info: bool,
  atts_since: jsonRevs,
  meta: bool,
};
const CHANGES: Allowed = {
  feed: oneOf('normal', 'longpoll', 'continuous'),
  style: oneOf('main_only', 'all_docs'),
  since: seq,
  limit: int(0, 10_000),
  heartbeat: int(500, 300_000),
  timeout: int(0, 600_000),
  seq_interval: int(1, 100_000),
  include_docs: bool,
  conflicts: bool,
  attachments: bool,
  att_encoding_info: bool,
  descending: bool,
  filter: oneOf('_doc_ids'),
};
const ALL_DOCS: Allowed = {
  include_docs: bool,
  conflicts: bool,
  attachments: bool,
  att_encoding_info: bool,
  descending: bool,
  inclusive_end: bool,
  update_seq: bool,
  key: jsonString,
  startkey: jsonString,
  endkey: jsonString,
  start_key: jsonString,
  end_key: jsonString,
  limit: int(0, 100_000),
  skip: int(0, 1_000_000),
};
const BULK_GET: Allowed = { revs: bool, latest: bool, attachments: bool, att_encoding_info: bool };

export type GatewayRoute =
  | { kind: 'db' }
  | { kind: 'endpoint'; name: string }
  | { kind: 'local'; id: string }
  | { kind: 'doc'; id: string }
  | { kind: 'attachment'; id: string; name: string };

function allowedFor(route: GatewayRoute, method: string): Allowed {
  const read = method === 'GET' || method === 'HEAD';
  switch (route.kind) {
    case 'db':
      return NONE;
    case 'endpoint':
      if (route.name === '_changes') return CHANGES;
      if (route.name === '_all_docs') return ALL_DOCS;
      if (route.name === '_bulk_get') return BULK_GET;
      return NONE;
    case 'local':
      return method === 'DELETE' ? { rev } : NONE;
    case 'doc':
      return read ? DOC_READ : { rev };
    case 'attachment':
      return { rev };
  }
}

const shown = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

/**
 * Checks the raw query string against the allow-list and returns the query to send upstream
 * (`?a=b&...`, or '') and the checked values.
 */
export function checkQuery(
  route: GatewayRoute,
  method: string,
  search: string,
): { search: string; params: Map<string, string> } {
  const allowed = allowedFor(route, method);
  const params = new Map<string, string>();
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (!raw) return { search: '', params };
  for (const [name, value] of new URLSearchParams(raw)) {
    const check = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
    if (!check) {
      throw new AppError(
        400,
        `The query parameter ${shown(name)} is not accepted here by the sync gateway.`,
      );
    }
    if (params.has(name))
      throw new AppError(400, `The query parameter ${shown(name)} is given more than once.`);
    const checked = check(value);
    if (checked === undefined)
      throw new AppError(400, `The value of the query parameter ${shown(name)} is not accepted.`);
    params.set(name, checked);
  }
  return { search: toSearch(params), params };
}

/** `?a=b&...` from checked parameters (or '' when there are none). */
export function toSearch(params: Map<string, string>): string {
  const rebuilt = [...params]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return rebuilt ? `?${rebuilt}` : '';
}

/**
 * The revisions a request asks the latest leaf of (`latest=true` with `rev` or `open_revs` on a
 * document, or `_bulk_get` entries with a `rev`), by document id.
 */
export function revisionsForLatest(
  route: GatewayRoute,
  params: Map<string, string>,
  body: string | null,
): Record<string, string[]> {
  if (params.get('latest') !== 'true') return {};
  const wanted: Record<string, string[]> = {};
  const add = (id: string, rev: string) => (wanted[id] ??= []).push(rev);
  if (route.kind === 'doc') {
    const rev = params.get('rev');
    if (rev) add(route.id, rev);
    const open = params.get('open_revs');
    if (open && open !== 'all') for (const r of JSON.parse(open) as string[]) add(route.id, r);
  } else if (route.kind === 'endpoint' && route.name === '_bulk_get' && body) {
    for (const entry of (JSON.parse(body) as { docs: { id: string; rev?: string }[] }).docs)
      if (entry.rev) add(entry.id, entry.rev);
  }
  return wanted;
}
