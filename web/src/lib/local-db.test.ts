// The gateway's fetch: the token is read at call time, refreshed before it expires, refreshed
// and retried once on a 401, and a session the server ended is handed to the app's 401 flow.
// `fetch` is stubbed (the real gateway runs in e2e/offline.spec.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearAuth, setSession } from '@/stores/auth';
import { json, makeJwt, makeUser } from '@/testing/fixtures';
import { onUnauthorized } from './api-client';
import { gatewayFetch } from './local-db';
import { sessionUserFor, tokenSubject } from './local-db-session';

const HOUR = 3_600_000;
function stubFetch(...responses: Response[]) {
  const mock = vi.fn<typeof fetch>(async () => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected fetch');
    return next;
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
const authOf = (mock: ReturnType<typeof stubFetch>, call: number) => {
  const [url, init] = mock.mock.calls[call]!;
  const headers = new Headers(init?.headers);
  return { url: String(url), auth: headers.get('Authorization') };
};

describe('gatewayFetch', () => {
  beforeEach(() => clearAuth());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the current token and keeps the request as PouchDB built it', async () => {
    const token = makeJwt(Date.now() + HOUR);
    setSession({ token, user: makeUser() }, false);
    const mock = stubFetch(json(200, { db_name: 'userdb-75' }));
    const response = await gatewayFetch('/api/sync/db/', {
      headers: { Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(authOf(mock, 0).auth).toBe(`Bearer ${token}`);
    expect(new Headers(mock.mock.calls[0]![1]?.headers).get('Accept')).toBe('application/json');
  });

  it('refreshes on a 401 and retries with the new token', async () => {
    const old = makeJwt(Date.now() + HOUR);
    const fresh = makeJwt(Date.now() + 2 * HOUR, { sid: 'new' });
    setSession({ token: old, user: makeUser() }, false);
    const mock = stubFetch(
      json(401, { message: 'expired' }),
      json(200, { token: fresh, expires_at: '', session_expires_at: '' }),
      json(200, { results: [] }),
    );
    const response = await gatewayFetch('/api/sync/db/_changes');
    expect(response.status).toBe(200);
    expect(authOf(mock, 1).url).toBe('/api/token/refresh');
    expect(authOf(mock, 2).auth).toBe(`Bearer ${fresh}`);
    expect(authStore.token).toBe(fresh);
  });

  it('asks the member to log in again when the server ended the session', async () => {
    setSession({ token: makeJwt(Date.now() + HOUR), user: makeUser() }, false);
    const onEnded = vi.fn();
    const off = onUnauthorized(onEnded);
    stubFetch(json(401, { message: 'revoked' }), json(401, { message: 'revoked' }));
    const response = await gatewayFetch('/api/sync/db/_changes');
    off();
    expect(response.status).toBe(401);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(authStore.token).toBeNull();
  });

  it('is a network error (retried later) when the refresh cannot reach the server', async () => {
    setSession({ token: makeJwt(Date.now() + HOUR), user: makeUser() }, false);
    const mock = stubFetch(json(401, {}));
    mock.mockImplementationOnce(async () => json(401, {}));
    mock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(gatewayFetch('/api/sync/db/_changes')).rejects.toBeInstanceOf(TypeError);
    expect(authStore.token).not.toBeNull();
  });

  it('does not send anything without a token', async () => {
    const mock = stubFetch();
    await expect(gatewayFetch('/api/sync/db/')).rejects.toBeInstanceOf(TypeError);
    expect(mock).not.toHaveBeenCalled();
  });
});

describe('the session user kept for offline starts', () => {
  it('belongs to the token it is read for, and nobody else', () => {
    const user = makeUser({ id: 'u1' });
    localStorage.setItem('wf-session-user', JSON.stringify(user));
    expect(tokenSubject(makeJwt(Date.now() + HOUR))).toBe('u1');
    expect(sessionUserFor(makeJwt(Date.now() + HOUR))?.id).toBe('u1');
    expect(sessionUserFor(makeJwt(Date.now() + HOUR, { sub: 'someone-else' }))).toBeNull();
    expect(sessionUserFor('not-a-jwt')).toBeNull();
    localStorage.removeItem('wf-session-user');
  });
});
