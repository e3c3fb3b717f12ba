// The real API is exercised end to end (e2e/); here `fetch` is stubbed to pin down the client's
// own rules: headers, body encoding and error parsing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTokenCookie } from '@/lib/token-cookie';
import { authStore, clearAuth, setSession, setToken, setUser } from '@/stores/auth';
import { makeJwt, makeUser } from '@/testing/fixtures';
import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  INPUT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  parseRetryAfter,
  api,
  onUnauthorized,
  toApiError,
  type Send,
} from './api-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

function stubFetch(...responses: (Response | Error)[]) {
  const mock = vi.fn<typeof fetch>(async () => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected fetch');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

function requestOf(mock: ReturnType<typeof stubFetch>, call = 0) {
  const [url, init] = mock.mock.calls[call] ?? [];
  return {
    url: String(url),
    init: init ?? {},
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  beforeEach(() => clearAuth());
  afterEach(() => vi.unstubAllGlobals());

  it('GETs JSON under /api and returns the parsed body', async () => {
    const mock = stubFetch(json(200, [{ id: 's1', name: 'Chef' }]));
    const services = await api.get<{ id: string; name: string }[]>('/getServices');
    expect(services).toEqual([{ id: 's1', name: 'Chef' }]);
    const { url, init, headers } = requestOf(mock);
    expect(url).toBe('/api/getServices');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBeUndefined();
  });

  it('adds a query string, leaving out null and undefined', async () => {
    const mock = stubFetch(json(200, { data: [], meta: {} }));
    await api.get('/jobs', { query: { page: 2, per_page: 20, q: undefined, s: null, open: true } });
    expect(requestOf(mock).url).toBe('/api/jobs?page=2&per_page=20&open=true');
  });

  it('sends JSON bodies and the bearer token when one is stored', async () => {
    setToken('jwt.abc');
    const mock = stubFetch(json(201, { ok: true }));
    await api.post('/contact', { email: 'a@b.test' });
    const { init, headers } = requestOf(mock);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.test"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer jwt.abc');
  });

  it('leaves FormData to the browser (multipart boundary)', async () => {
    const mock = stubFetch(json(200, {}));
    const form = new FormData();
    form.append('avatar', new Blob(['x']), 'a.png');
    await api.post('/user/avatar', form);
    const { init, headers } = requestOf(mock);
    expect(init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('returns undefined for 204 No Content', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.post('/logout')).resolves.toBeUndefined();
  });

  it('reads a 422 errors object per field, with the server message', async () => {
    stubFetch(
      json(422, {
        message: 'The given data was invalid.',
        errors: { email: ['The email is taken.'], password: 'Too short.' },
      }),
    );
    const error = await caught(api.post('/register', {}));
    expect(error.status).toBe(422);
    expect(error.message).toBe('The given data was invalid.');
    expect(error.errors).toEqual({ email: ['The email is taken.'], password: ['Too short.'] });
  });

  it('uses a lone message as the one general error', async () => {
    stubFetch(json(409, { message: 'The order was already delivered.' }));
    const error = await caught(api.post('/orders/1/deliver'));
    expect(error).toMatchObject({ status: 409, message: 'The order was already delivered.' });
    expect(error.errors).toEqual({});
  });

  it('uses the generic sentence when the body is not an object', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(api.get('/health'));
    expect(error).toMatchObject({ status: 502, message: GENERIC_ERROR_MESSAGE, errors: {} });
    expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong. Please try again.');
  });

  it('turns a network failure into status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await caught(api.get('/health'));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('lets an abort through untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(abort);
    await expect(api.get('/health')).rejects.toBe(abort);
  });

  it('rejects a 2xx answer that is not JSON', async () => {
    stubFetch(new Response('<!doctype html><title>app</title>', { status: 200 }));
    const error = await caught(api.get('/health'));
    expect(error).toMatchObject({ status: 200, message: GENERIC_ERROR_MESSAGE });
  });

  it('without a refresh, a 401 while logged in logs out and tells subscribers', async () => {
    setToken('jwt.old');
    setUser(makeUser());
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    const mock = stubFetch(
      json(401, { message: 'Unauthenticated.' }),
      json(401, { message: 'The session has ended.' }), // POST /token/refresh
      json(401, { message: 'Unauthenticated.' }),
    );
    const error = await caught(api.get('/user'));
    expect(error.status).toBe(401);
    expect(requestOf(mock, 1).url).toBe('/api/token/refresh');
    expect(requestOf(mock, 1).headers.Authorization).toBe('Bearer jwt.old');
    expect(authStore.token).toBeNull();
    expect(authStore.user).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);

    // A guest's 401 is not a logout, and there is nothing to refresh.
    await caught(api.get('/user'));
    expect(mock).toHaveBeenCalledTimes(3);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('a 401 before the user is loaded clears the token without a logout redirect', async () => {
    setToken('jwt.stale');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    stubFetch(json(401, { message: 'Unauthenticated.' }), json(401, { message: 'Ended.' }));
    await caught(api.get('/user'));
    expect(authStore.token).toBeNull();
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });
});

describe('token refresh', () => {
  const NOW = Date.parse('2025-06-01T12:00:00Z');
  beforeEach(() => {
    clearAuth();
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const refreshed = (token: string) =>
    json(200, {
      token,
      expires_at: new Date(NOW + 3_600_000).toISOString(),
      session_expires_at: new Date(NOW + 365 * 86_400_000).toISOString(),
    });

  it('does not refresh a token with more than 5 minutes left', async () => {
    setToken(makeJwt(NOW + 10 * 60_000));
    const mock = stubFetch(json(200, { ok: true }));
    await api.get('/user');
    expect(mock).toHaveBeenCalledTimes(1);
  });

  it('refreshes a token within 5 minutes of expiry before the request, keeping remember', async () => {
    setSession({ token: makeJwt(NOW + 4 * 60_000), user: makeUser() }, true);
    const fresh = makeJwt(NOW + 3_600_000);
    const mock = stubFetch(refreshed(fresh), json(200, { ok: true }));
    await api.get('/user');
    expect(requestOf(mock, 0).url).toBe('/api/token/refresh');
    expect(requestOf(mock, 0).init.method).toBe('POST');
    expect(requestOf(mock, 1).headers.Authorization).toBe(`Bearer ${fresh}`);
    expect(authStore.token).toBe(fresh);
    expect(loadTokenCookie()).toEqual({ token: fresh, remember: true });
  });

  it('refreshes an expired token (its session lives on) and sends the request with the new one', async () => {
    setToken(makeJwt(NOW - 60_000));
    const fresh = makeJwt(NOW + 3_600_000);
    const mock = stubFetch(refreshed(fresh), json(200, {}));
    await api.get('/user');
    expect(requestOf(mock, 1).headers.Authorization).toBe(`Bearer ${fresh}`);
  });

  it('after a 401 refreshes once and retries the request', async () => {
    const old = makeJwt(NOW + 30 * 60_000);
    setSession({ token: old, user: makeUser() }, false);
    const fresh = makeJwt(NOW + 3_600_000);
    const mock = stubFetch(
      json(401, { message: 'Unauthenticated.' }),
      refreshed(fresh),
      json(200, { user: 'again' }),
    );
    await expect(api.patch('/user', { bio: 'Hi' })).resolves.toEqual({ user: 'again' });
    expect(requestOf(mock, 2).headers.Authorization).toBe(`Bearer ${fresh}`);
    expect(requestOf(mock, 2).init.body).toBe('{"bio":"Hi"}');
    expect(authStore.user).not.toBeNull();
  });

  it('a 401 after a fresh token is the end: no second refresh', async () => {
    setSession({ token: makeJwt(NOW + 30 * 60_000), user: makeUser() }, false);
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    const mock = stubFetch(
      json(401, { message: 'Unauthenticated.' }),
      refreshed(makeJwt(NOW + 3_600_000)),
      json(401, { message: 'Unauthenticated.' }),
    );
    await caught(api.get('/user'));
    expect(mock).toHaveBeenCalledTimes(3);
    expect(authStore.token).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('shares one refresh between concurrent requests', async () => {
    setToken(makeJwt(NOW + 60_000));
    const fresh = makeJwt(NOW + 3_600_000);
    const mock = stubFetch(refreshed(fresh), json(200, 1), json(200, 2));
    await Promise.all([api.get('/a'), api.get('/b')]);
    const urls = mock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url === '/api/token/refresh')).toHaveLength(1);
  });

  it("a caller's send carries the request and its retry; the refresh goes by fetch", async () => {
    const old = makeJwt(NOW + 30 * 60_000);
    setSession({ token: old, user: makeUser() }, false);
    const fresh = makeJwt(NOW + 3_600_000);
    const mock = stubFetch(refreshed(fresh));
    const answers = [json(401, { message: 'Unauthenticated.' }), json(200, { user: 'u1' })];
    const send = vi.fn<Send>(async () => answers.shift()!);
    const form = new FormData();
    await expect(api.post('/user/cv', form, { send })).resolves.toEqual({ user: 'u1' });
    expect(send).toHaveBeenCalledTimes(2);
    const [url, init] = send.mock.calls[1]!;
    expect(url).toBe('/api/user/cv');
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
    expect(mock).toHaveBeenCalledTimes(1);
    expect(requestOf(mock).url).toBe('/api/token/refresh');
  });

  it('skipRefresh sends the token as it is and never logs out', async () => {
    setSession({ token: makeJwt(NOW - 60_000), user: makeUser() }, false);
    const mock = stubFetch(json(401, { message: 'Unauthenticated.' }));
    await caught(api.post('/logout', undefined, { skipRefresh: true }));
    expect(mock).toHaveBeenCalledTimes(1);
    expect(authStore.user).not.toBeNull();
  });
});

describe('toApiError (spec section 8)', () => {
  it('prefers errors, then message, then the object itself, then the generic text', () => {
    expect(toApiError(422, { errors: { name: ['Required.'] } })).toMatchObject({
      message: INPUT_ERROR_MESSAGE,
      errors: { name: ['Required.'] },
    });
    expect(toApiError(403, { message: 'Not allowed.' })).toMatchObject({
      message: 'Not allowed.',
      errors: {},
    });
    expect(toApiError(400, { title: ['Too long.'], count: 3 })).toMatchObject({
      message: INPUT_ERROR_MESSAGE,
      errors: { title: ['Too long.'] },
    });
    expect(toApiError(500, {})).toMatchObject({ message: GENERIC_ERROR_MESSAGE, errors: {} });
    expect(toApiError(500, 'oops')).toMatchObject({ message: GENERIC_ERROR_MESSAGE });
    expect(toApiError(500, ['a'])).toMatchObject({ message: GENERIC_ERROR_MESSAGE });
    expect(toApiError(500, undefined)).toMatchObject({ message: GENERIC_ERROR_MESSAGE });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('')).toBeNull();
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter('1.2')).toBe(2);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
