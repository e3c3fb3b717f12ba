import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Log levels understood by the logger (pino). */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], {
        error: 'must be one of true, false, 1, 0, yes, no',
      })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v))),
  );

/**
 * Every environment variable the API reads. Documented in README.md (Configuration) and checked
 * against docker-compose.yml by a test, so the three never drift apart.
 */
const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(8080),
  ),
  /** Host the HTTP server binds to. */
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  /** CouchDB with credentials, e.g. http://admin:secret@couchdb:5984. Unset: embedded server. */
  COUCH_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ error: 'must be a URL such as http://admin:secret@127.0.0.1:5984' })
      .refine((u) => /^https?:/.test(u), 'must use http or https')
      .optional(),
  ),
  /**
   * Put before every database and account name on the CouchDB server (`<prefix>wf_users`,
   * `<prefix>userdb-<hex>`, `<prefix>wayfarer_gateway`), so several deployments can share one
   * server; the integration tests use it with TEST_COUCH_URL. Empty: no prefix.
   */
  COUCH_DB_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z][a-z0-9_$()+-]*$/,
        'must start with a lowercase letter and hold only a-z, 0-9 and _$()+-',
      )
      .default(''),
  ),
  /**
   * Longest wait for the database on one request (until its answer starts, and any pause within
   * it), in ms; past it the request answers 503. View and `_find` reads: COUCH_VIEW_TIMEOUT_MS.
   */
  COUCH_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(10_000),
  ),
  /** The same for view and `_find` reads, which wait for their index to be up to date. */
  COUCH_VIEW_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(60_000),
  ),
  /**
   * How long a gig search's answer is shared between requests for the same search, in ms (0: not
   * at all). A write of this instance to the catalog ends it at once; another instance's shows
   * within this time.
   */
  SEARCH_CACHE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(1000)),
  /**
   * How long an answer read from a member's own database (`GET /api/user`'s unread count and
   * wishlists, `GET /api/inbox`) may be handed out again while that database has not changed, in
   * ms (0: read every time). Any write to it ends the answer at once, whichever instance made it.
   */
  USERDB_SNAPSHOT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).default(60_000),
  ),
  /** Embedded server only: health check period in ms (0: no health check). */
  COUCH_HEALTH_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).default(5_000),
  ),
  /** Embedded server only: failed health checks in a row after which it is killed and restarted. */
  COUCH_HEALTH_FAILURES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(3),
  ),
  /** Embedded server only: how long one health check waits for an answer, in ms. */
  COUCH_HEALTH_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(2_000),
  ),
  /**
   * Embedded server only: how long it may go without answering its health check while it is
   * using the CPU (building an index: busy, not hung) before it is killed anyway, in ms.
   */
  COUCH_HEALTH_BUSY_LIMIT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(600_000),
  ),
  /**
   * Embedded server only: the most databases it keeps open at once (the least recently used are
   * closed and opened again on demand). Unset: from its descriptor limit, with room to spare.
   */
  COUCH_MAX_DBS_OPEN: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  /**
   * Embedded server only: its descriptor limit (`ulimit -n`). Unset: raised to the hard limit
   * where the system allows.
   */
  COUCH_FILE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  /** HMAC secret for session tokens; at least 32 characters. Unset: generated once into DATA_DIR. */
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail:587. Unset: files in DATA_DIR/mail. */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ error: 'must be a URL such as smtp://user:pass@mail.example.com:587' })
      .refine((u) => /^smtps?:/.test(u), 'must use smtp or smtps')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Wayfarer Market <no-reply@wayfarer.market>'),
  ),
  ADMIN_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ error: 'must be an email address' }).optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'must be at least 8 characters long').optional(),
  ),
  /** The address people use to reach the app; used in mailed links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).optional()),
  /** Comma-separated origins allowed by CORS, e.g. https://app.example.com. Empty: same origin only. */
  CORS_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins' }))),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  /** Seed the demo data (services, demo users) on first start. */
  SEED_DEMO: booleanFlag(true),
  /**
   * With SEED_DEMO, also the demo gigs (seed step 3). Off, that step is recorded as done without
   * writing gigs: for tests that search a data set of their own.
   */
  SEED_DEMO_GIGS: booleanFlag(true),
  /** Largest request body accepted on JSON routes, in bytes. */
  BODY_LIMIT_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(1_048_576),
  ),
  /** Largest request body through the sync gateway (replication batches with attachments). */
  SYNC_BODY_LIMIT_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .positive()
      .default(64 * 1_048_576),
  ),
  /** Attempts per address in 15 minutes on login, register, password mail and reset. */
  RATE_LIMIT_PER_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(10),
  ),
  /** Attempts per IP address in 15 minutes on the same endpoints. */
  RATE_LIMIT_PER_IP: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(100),
  ),
  /**
   * Minutes between two runs of the upkeep (orphan email/tagname reservations released, ended
   * sessions and reset tokens purged); the first run is at start.
   */
  MAINTENANCE_INTERVAL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(60),
  ),
  /**
   * Seconds a registration may take before the upkeep completes its account setup for it (a
   * younger one may still be under way in a request).
   */
  ACCOUNT_SETUP_GRACE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).default(60),
  ),
  /**
   * Password hashes (scrypt, on libuv's thread pool, which file and DNS work share) computed at
   * once. Unset: the number of cores less one, at least 1, at most the pool size less one.
   */
  PASSWORD_HASH_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().optional(),
  ),
  /** Password hashes waiting for a slot; beyond that a login or register is answered 503. */
  PASSWORD_HASH_QUEUE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(32)),
  /** Longest wait for a hashing slot, in milliseconds, before a 503 with Retry-After. */
  PASSWORD_HASH_WAIT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(2000),
  ),
  /**
   * Proxies (load balancers) in front of the API whose `X-Forwarded-For` is believed: `false`
   * (default) uses the peer address; `true` is one proxy; a number is that many. The client is
   * the entry that many places from the right (what the outermost proxy saw); entries left of it
   * are the client's own and never used.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        const value = (v ?? 'false').trim().toLowerCase();
        if (['false', 'no', '0'].includes(value)) return 0;
        if (['true', 'yes'].includes(value)) return 1;
        if (/^[1-9]$/.test(value)) return Number(value);
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false or the number of proxies (1 to 9)',
        });
        return z.NEVER;
      }),
  ),
  /** The platform's fee on an order, in percent of its price, taken from the agent's side. */
  PLATFORM_FEE_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0).max(50).default(10),
  ),
  /** The smallest withdrawal an agent may ask for, in minor units (cents). */
  WITHDRAWAL_MIN_AMOUNT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).default(1000),
  ),
  /** Days before money released to an agent becomes available to withdraw. */
  CLEARANCE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(7)),
  /**
   * Seconds between two looks of the order timers (payment expiry, auto-completion) and the
   * follow-up of interrupted transitions; they also run at start.
   */
  ORDER_TIMER_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().positive().default(15),
  ),
  /**
   * Tests only (refused in production): a clock the tests move with `POST /api/dev/clock`
   * instead of sleeping (lib/clock.ts).
   */
  TEST_CLOCK: booleanFlag(false),
  /**
   * Tests only (refused in production): `exit_after_charge` kills the process right after a
   * successful charge, before the order records it (the crash the payment follow-up recovers);
   * `exit_after_account` right after a registration's account document, before its database,
   * mail and notification (the interruption account setup recovers from).
   */
  TEST_FAULT: z.preprocess(
    emptyToUndefined,
    z.enum(['exit_after_charge', 'exit_after_account']).optional(),
  ),
  /** Built web app served by the API. Defaults to web/dist in this repo. */
  WEB_DIST: optionalString,
});

export type Env = z.infer<typeof envSchema>;

/** The names of every variable the API reads, for documentation and the compose-file test. */
export const ENV_NAMES = Object.keys(envSchema.shape) as (keyof Env)[];

export class EnvError extends Error {
  constructor(readonly issues: { name: string; message: string }[]) {
    super(
      'Invalid environment configuration:\n' +
        issues.map((i) => `  ${i.name}: ${i.message}`).join('\n'),
    );
    this.name = 'EnvError';
  }
}

/** Parses the environment; throws an EnvError whose message names each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    // One message per variable: the first rule it breaks.
    const byName = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      if (!byName.has(name)) {
        byName.set(name, `${issue.message} (got ${JSON.stringify(source[name] ?? null)})`);
      }
    }
    throw new EnvError([...byName].map(([name, message]) => ({ name, message })));
  }
  const env = result.data;
  if (env.NODE_ENV === 'production') {
    const testOnly = [
      env.TEST_CLOCK && { name: 'TEST_CLOCK', message: 'is for tests only, not production' },
      env.TEST_FAULT && { name: 'TEST_FAULT', message: 'is for tests only, not production' },
    ].filter((issue): issue is { name: string; message: string } => !!issue);
    if (testOnly.length) throw new EnvError(testOnly);
  }
  return env;
}

/** Absolute paths derived from the environment. */
export function resolvePaths(env: Env, cwd = process.cwd()) {
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  return {
    dataDir,
    couchDir: path.join(dataDir, 'couch'),
    mailDir: path.join(dataDir, 'mail'),
    webDist: path.resolve(cwd, env.WEB_DIST ?? path.join(repoRoot(), 'web', 'dist')),
  };
}

let root: string | undefined;
/**
 * The repository root: the nearest folder above this file that holds `api/package.json` (from
 * the sources, api/src/config/../../..; from the production bundle, api/dist/..).
 */
export function repoRoot(): string {
  if (root) return root;
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'api', 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No api/package.json above ${import.meta.dirname}.`);
    dir = parent;
  }
  root = dir;
  return root;
}
