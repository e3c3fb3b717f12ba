import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import os from 'node:os';
import { createWorkLimiter, type RunOptions, type WorkLimits } from './work-limiter';

// scrypt (memory-hard, salted) from Node itself: no native add-on to build. N=2^15, r=8, p=1 is
// OWASP's minimum recommendation; about 60-100 ms per hash on this class of machine.
const PARAMS = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

/**
 * Hashes computed at once. scrypt runs on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), which file and DNS work share, and each hash keeps a core
 * busy: a login burst left unbounded takes every pool thread and every core, and unrelated
 * requests wait behind it. Default: one hash per core but one (the event loop and the database
 * keep a core), at least one, and at least one pool thread left free.
 */
function defaultHashConcurrency(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(os.availableParallelism() - 1, pool - 1));
}

/** Process-wide, like the thread pool it protects; set from the environment at start. */
export const passwordHashing = createWorkLimiter({
  concurrency: defaultHashConcurrency(),
  maxQueue: 32,
  maxWaitMs: 2000,
});

export function configurePasswordHashing(limits: Partial<WorkLimits>): void {
  passwordHashing.configure({
    concurrency: limits.concurrency ?? defaultHashConcurrency(),
    maxQueue: limits.maxQueue ?? 32,
    maxWaitMs: limits.maxWaitMs ?? 2000,
  });
}

/** One scrypt, in its turn: a 503 with Retry-After when too many wait (see passwordHashing). */
function scrypt(
  password: string,
  salt: Buffer,
  params: ScryptOptions,
  options: RunOptions = {},
): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH,
          { ...params, maxmem: MAX_MEMORY },
          (err, key) => (err ? reject(err) : resolve(key)),
        ),
      ),
    options,
  );
}

/** `scrypt$N$r$p$<salt b64url>$<hash b64url>` */
export async function hashPassword(password: string, options: RunOptions = {}): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS, options);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when no account matches, so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex')).catch((error: unknown) => {
    // Shed in a burst: the next login tries again.
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}
