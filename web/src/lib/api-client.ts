// The one door to the HTTP API (API.md): JSON in and out, the bearer token, and error parsing per
// spec section 8, so screens only ever see `ApiError`.
import { authStore, clearAuth, setToken } from '@/stores/auth';
import { shouldRefresh } from './jwt';

const API_BASE = '/api';

/** Spec section 8: the text when the server gave no usable error body. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
/** Spec section 8: the alert's default text when only field errors came back. */
export const INPUT_ERROR_MESSAGE = 'There were some problems with your input.';
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

/** Server field name → human sentences, as in a 422 `errors` object. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (offline, DNS, connection refused). */
  readonly status: number;
  readonly errors: FieldErrors;
  readonly body: unknown;
  /** Seconds the server asked to wait before trying again (`Retry-After` on a 429), if it said. */
  retryAfterSeconds: number | null = null;

  constructor(
    status: number,
    message: string,
    errors: FieldErrors = {},
    body?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toFieldErrors(source: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(source)) {
    const sentences = (Array.isArray(value) ? value : [value]).filter(
      (s): s is string => typeof s === 'string' && s !== '',
    );
    if (sentences.length > 0) errors[field] = sentences;
  }
  return errors;
}

/**
 * Spec section 8: an `errors` object is used per field; otherwise a `message` becomes the one
 * general error; otherwise an object body is itself read as field errors; with no object body,
 * the generic sentence.
 */
export function toApiError(status: number, body: unknown): ApiError {
  if (!isObject(body)) return new ApiError(status, GENERIC_ERROR_MESSAGE, {}, body);
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : null;
  if (isObject(body.errors)) {
    return new ApiError(status, message ?? INPUT_ERROR_MESSAGE, toFieldErrors(body.errors), body);
  }
  if (message !== null) return new ApiError(status, message, {}, body);
  const errors = toFieldErrors(body);
  const fallback = Object.keys(errors).length > 0 ? INPUT_ERROR_MESSAGE : GENERIC_ERROR_MESSAGE;
  return new ApiError(status, fallback, errors, body);
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Spec section 4: a 401 while logged in logs out and goes to login. The client clears the auth
 * store itself (after one refresh attempt); the app subscribes here to navigate. Returns the
 * unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type QueryValue = string | number | boolean | null | undefined;

/**
 * What puts a request on the wire: `fetch` unless the caller brings its own (an upload that
 * reports its progress, lib/upload-progress.ts). It answers as fetch does: a Response, a
 * TypeError when no response came, an AbortError when the signal stopped it.
 */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

export interface RequestOptions {
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Send the stored token as it is: no refresh before, no refresh-and-retry after a 401, no
   * logout on a 401. For calls that end the session anyway (logout).
   */
  skipRefresh?: boolean;
  send?: Send;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = API_BASE + (path.startsWith('/') ? path : `/${path}`);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

type Parsed = { ok: true; value: unknown } | { ok: false; text: string };

async function readBody(response: Response): Promise<Parsed> {
  const text = await response.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, text };
  }
}

/** How a token refresh ended: a new token, a session the server ended, or no answer. */
export type RefreshOutcome = 'refreshed' | 'ended' | 'failed';

interface RefreshResponse {
  token: string;
  expires_at: string;
  session_expires_at: string;
}

let refreshing: Promise<RefreshOutcome> | null = null;

async function requestRefresh(token: string): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/token/refresh`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
  } catch {
    return 'failed';
  }
  if (response.status === 401) return 'ended';
  if (!response.ok) return 'failed';
  const parsed = await readBody(response);
  const body =
    parsed.ok && isObject(parsed.value) ? (parsed.value as Partial<RefreshResponse>) : {};
  if (typeof body.token !== 'string' || body.token === '') return 'failed';
  // A logout (or another login) while the refresh was on its way wins.
  if (authStore.token !== token) return 'failed';
  setToken(body.token, body.session_expires_at);
  return 'refreshed';
}

/**
 * POST /api/token/refresh with the stored token (it may have expired while its session lives on).
 * Concurrent callers share one request.
 */
export function refreshToken(): Promise<RefreshOutcome> {
  const token = authStore.token;
  if (!token) return Promise.resolve('ended');
  refreshing ??= requestRefresh(token).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function endSessionAfter401(): void {
  // Before the user is loaded (the global check) a 401 only means the stored token is stale.
  const wasLoggedIn = authStore.user !== null;
  clearAuth();
  if (wasLoggedIn) for (const listener of unauthorizedListeners) listener();
}

/**
 * Sends a request with the session's token: refreshed first when it is about to expire, and once
 * more after a 401; a 401 that stands ends the session. Resolves with the response as it is.
 */
async function sendWithSession(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  accept: string,
): Promise<{ response: Response; token: string | null }> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const url = buildUrl(path, options.query);
  const useSession = !options.skipRefresh;

  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: accept, ...options.headers };
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await (options.send ?? fetch)(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, undefined, { cause: error });
    }
  };

  let refreshed: RefreshOutcome | null = null;
  if (useSession && authStore.token && shouldRefresh(authStore.token)) {
    refreshed = await refreshToken();
  }
  const token = authStore.token;
  let response = await send(token);

  // Once per request: a 401 on a request made with a token gets a fresh token and a retry.
  if (response.status === 401 && token && useSession && refreshed !== 'ended') {
    let retryWith = authStore.token !== token ? authStore.token : null;
    if (!retryWith && refreshed === null && (await refreshToken()) === 'refreshed') {
      retryWith = authStore.token;
    }
    if (retryWith) response = await send(retryWith);
  }
  if (response.status === 401 && token && useSession) endSessionAfter401();
  return { response, token };
}

async function errorOf(response: Response): Promise<ApiError> {
  const parsed = await readBody(response);
  const error = toApiError(response.status, parsed.ok ? parsed.value : parsed.text);
  error.retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  return error;
}

async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { response } = await sendWithSession(method, path, body, options, 'application/json');
  if (!response.ok) throw await errorOf(response);
  const parsed = await readBody(response);
  // A 2xx that is not JSON (an HTML fallback page, a proxy) is not the answer the caller typed.
  if (!parsed.ok) throw new ApiError(response.status, GENERIC_ERROR_MESSAGE, {}, parsed.text);
  return parsed.value as T;
}

/**
 * GET a file the server gives only to the signed-in member (a CV): with the bearer token, which
 * a plain link or <img> cannot send. Errors are ApiErrors as for JSON requests.
 */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const { response } = await sendWithSession('GET', path, undefined, options, '*/*');
  if (!response.ok) throw await errorOf(response);
  return response.blob();
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('DELETE', path, body, options),
};
