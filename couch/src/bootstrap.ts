import type { ServerScope } from 'nano';

/**
 * The server databases, split by access pattern (PRODUCT.md, "Where data lives").
 * Only the API reads or writes them.
 */
export const SERVER_DATABASES = {
  /** Accounts, email and tagname reservations, sessions, one-time tokens. */
  users: 'wf_users',
  /** Services (categories) and gigs: read-mostly, searched. */
  catalog: 'wf_catalog',
  /** Jobs, offers, orders, the ledger, withdrawals, reviews. */
  market: 'wf_market',
  /** Projects, applications, parties, points. */
  projects: 'wf_projects',
  /** Blog posts, contact messages, the audit log, bookkeeping such as the seed marker. */
  content: 'wf_content',
  /**
   * Durable work between users (message deliveries, read receipts): recorded before the write
   * that causes it is accepted, removed when done, so a restart resumes it.
   */
  jobs: 'wf_jobs',
} as const;

export type ServerDatabaseKey = keyof typeof SERVER_DATABASES;

/** Database name by key, as one deployment names them (see `couchNames`). */
export type ServerDatabaseNames = Record<ServerDatabaseKey, string>;

/**
 * Every database and account name a deployment owns on its CouchDB: the base name after the
 * deployment's prefix (COUCH_DB_PREFIX, empty in production). A prefix lets several
 * deployments share one server, as the integration tests do with TEST_COUCH_URL.
 */
export function couchNames(prefix: string) {
  const name = (base: string) => prefix + base;
  const databases = Object.fromEntries(
    Object.entries(SERVER_DATABASES).map(([key, base]) => [key, name(base)]),
  ) as ServerDatabaseNames;
  return { name, databases };
}

/** `_security` of a server database: server admins only (CouchDB's _admin role). */
export function serverSecurity() {
  return {
    admins: { names: [] as string[], roles: ['_admin'] },
    members: { names: [] as string[], roles: ['_admin'] },
  };
}

function statusOf(error: unknown): number | undefined {
  const e = error as { statusCode?: number };
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

/**
 * Creates a database if it is missing and sets its `_security` when it differs. Safe to run
 * twice and against a real CouchDB 3.4: 412 (already exists) is success.
 * Returns whether anything was written.
 */
export async function ensureDatabase(
  server: ServerScope,
  name: string,
  security: object,
): Promise<{ created: boolean; securityUpdated: boolean }> {
  let created = false;
  try {
    await server.db.create(name);
    created = true;
  } catch (error) {
    if (statusOf(error) !== 412) throw error;
  }
  const current = await server.request({ db: name, path: '_security', method: 'GET' });
  let securityUpdated = false;
  if (JSON.stringify(normalize(current)) !== JSON.stringify(normalize(security))) {
    await server.request({ db: name, path: '_security', method: 'PUT', body: security });
    securityUpdated = true;
  }
  return { created, securityUpdated };
}

function normalize(security: unknown): unknown {
  const s = (security ?? {}) as Record<string, { names?: string[]; roles?: string[] }>;
  const part = (p?: { names?: string[]; roles?: string[] }) => ({
    names: [...(p?.names ?? [])].sort(),
    roles: [...(p?.roles ?? [])].sort(),
  });
  return { admins: part(s.admins), members: part(s.members) };
}

/**
 * Creates every server database (and CouchDB's own system databases, which a fresh single
 * node needs) with its `_security`. Idempotent.
 */
export async function bootstrapServer(
  server: ServerScope,
  databases: ServerDatabaseNames = SERVER_DATABASES,
): Promise<string[]> {
  const touched: string[] = [];
  for (const system of ['_users', '_replicator']) {
    try {
      await server.db.create(system);
      touched.push(system);
    } catch (error) {
      if (statusOf(error) !== 412) throw error;
    }
  }
  for (const name of Object.values(databases)) {
    const { created, securityUpdated } = await ensureDatabase(server, name, serverSecurity());
    if (created || securityUpdated) touched.push(name);
  }
  return touched;
}
