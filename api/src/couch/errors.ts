import { AppError } from '../lib/errors';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  // The database took longer than COUCH_TIMEOUT_MS (couch/timeouts.ts).
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

function couchStatus(error: unknown): number | undefined {
  const e = error as { statusCode?: unknown };
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

/** The database could not be reached at all (as opposed to answering with an error). */
export function isCouchUnreachable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as {
    code?: string;
    cause?: { code?: string };
    message?: string;
    statusCode?: number;
  };
  if (typeof e.statusCode === 'number') return e.statusCode === 503;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  if (e.cause?.code && NETWORK_CODES.has(e.cause.code)) return true;
  // nano wraps fetch failures in a plain Error with this text.
  return typeof e.message === 'string' && e.message.startsWith('error happened in your connection');
}

/**
 * A CouchDB answer that reached a route unhandled. A 404 or 409 there means the route did not
 * expect it; they are reported as what they are rather than as a 500.
 */
export function translateCouchError(error: unknown): AppError | undefined {
  const status = couchStatus(error);
  if (status === 404) return new AppError(404, 'Not found.');
  if (status === 409)
    return new AppError(409, 'This record was changed by someone else. Reload and try again.');
  return undefined;
}

export const isNotFound = (error: unknown) => couchStatus(error) === 404;
export const isConflict = (error: unknown) =>
  couchStatus(error) === 409 || couchStatus(error) === 412;
