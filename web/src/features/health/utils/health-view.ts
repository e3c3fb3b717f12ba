import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';

export type HealthView =
  | { state: 'loading' }
  | { state: 'ok'; apiVersion: string | null; embedded: boolean | null }
  | { state: 'down'; reason: string };

export const HEALTH_HEADLINES = {
  loading: 'Checking the service…',
  ok: 'All systems operational',
  down: 'The database is unreachable',
} as const satisfies Record<HealthView['state'], string>;

/** A gateway (the dev proxy, a load balancer) answering for an API that is not running. */
const GATEWAY_STATUSES = new Set([502, 504]);
export const API_UNREACHABLE_REASON = 'The API server is not answering.';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function healthFromResponse(body: unknown): HealthView {
  if (isObject(body) && body.status === 'ok') {
    const api = isObject(body.api) ? body.api : {};
    const couch = isObject(body.couch) ? body.couch : {};
    return {
      state: 'ok',
      apiVersion: typeof api.version === 'string' ? api.version : null,
      embedded: typeof couch.embedded === 'boolean' ? couch.embedded : null,
    };
  }
  const message = isObject(body) && typeof body.message === 'string' ? body.message : null;
  return { state: 'down', reason: message ?? GENERIC_ERROR_MESSAGE };
}

/** The 503 body's `message` when there is one; otherwise why the answer never came. */
export function healthFromError(error: unknown): HealthView {
  if (!(error instanceof ApiError)) return { state: 'down', reason: GENERIC_ERROR_MESSAGE };
  if (GATEWAY_STATUSES.has(error.status) && error.message === GENERIC_ERROR_MESSAGE) {
    return { state: 'down', reason: API_UNREACHABLE_REASON };
  }
  return { state: 'down', reason: error.message };
}
