// The real API is exercised end to end (e2e/); here `fetch` is stubbed to pin down the client's
// own rules: headers, body encoding and error parsing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearAuth, setToken, setUser } from '@/stores/auth';
import type { User } from '@/types/api';
import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  INPUT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  api,
  onUnauthorized,
  toApiError,
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

  it('logs out and tells subscribers on a 401 while logged in', async () => {
    setToken('jwt.old');
    setUser({ id: 'u1' } as User);
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    stubFetch(
      json(401, { message: 'Unauthenticated.' }),
      json(401, { message: 'Unauthenticated.' }),
    );
    const error = await caught(api.get('/user'));
    expect(error.status).toBe(401);
    expect(authStore.token).toBeNull();
    expect(authStore.user).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);

    // A guest's 401 (wrong password on a guarded call) is not a logout.
    await caught(api.get('/user'));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
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
