// fetch is stubbed: these pin down what the client does with each answer of GET /api/user and
// POST /api/logout. The real endpoints are exercised in e2e/tests/accounts.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearAuth, setSession, setToken } from '@/stores/auth';
import { json, makeUser } from '@/testing/fixtures';
import { ApiError } from './api-client';
import { loadTokenCookie } from './token-cookie';
import { ensureSession, isTokenRejected, logout } from './session';

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

describe('ensureSession (the global check)', () => {
  beforeEach(() => clearAuth());
  afterEach(() => vi.unstubAllGlobals());

  it('does nothing for a guest, or when the user is already loaded', async () => {
    const mock = stubFetch();
    await ensureSession();
    setSession({ token: 'jwt.1', user: makeUser() }, false);
    await ensureSession();
    expect(mock).not.toHaveBeenCalled();
  });

  it('loads the user of a stored token once, however many routes ask', async () => {
    setToken('jwt.1');
    const user = makeUser({ full_name: 'Mei Chen' });
    const mock = stubFetch(json(200, { user, projects: [], wishlists: [{ id: 'w1' }] }));
    await Promise.all([ensureSession(), ensureSession()]);
    expect(mock).toHaveBeenCalledTimes(1);
    expect(String(mock.mock.calls[0]?.[0])).toBe('/api/user');
    expect(authStore.user?.full_name).toBe('Mei Chen');
  });

  it('ignores a refused token and clears it (and its cookie)', async () => {
    setToken('jwt.revoked');
    stubFetch(json(403, { message: 'Your account is suspended.' }));
    await expect(ensureSession()).resolves.toBeUndefined();
    expect(authStore.token).toBeNull();
    expect(loadTokenCookie().token).toBeNull();
  });

  it('keeps the token when the server could not be reached (offline start)', async () => {
    setToken('jwt.1');
    stubFetch(new TypeError('Failed to fetch'));
    await ensureSession();
    expect(authStore.token).toBe('jwt.1');
    expect(authStore.user).toBeNull();
  });

  it('decides which failures reject the token', () => {
    expect(isTokenRejected(new ApiError(401, 'x'))).toBe(true);
    expect(isTokenRejected(new ApiError(404, 'x'))).toBe(true);
    expect(isTokenRejected(new ApiError(0, 'x'))).toBe(false);
    expect(isTokenRejected(new ApiError(503, 'x'))).toBe(false);
    expect(isTokenRejected(new Error('x'))).toBe(true);
  });
});

describe('logout', () => {
  beforeEach(() => clearAuth());
  afterEach(() => vi.unstubAllGlobals());

  it('revokes the session on the server and forgets it here', async () => {
    setSession({ token: 'jwt.1', user: makeUser() }, true);
    const mock = stubFetch(new Response(null, { status: 204 }));
    await logout();
    const [url, init] = mock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer jwt.1');
    expect(authStore).toEqual({ token: null, user: null, remember: false });
    expect(loadTokenCookie()).toEqual({ token: null, remember: false });
  });

  it('forgets the session even when the call fails', async () => {
    setSession({ token: 'jwt.1', user: makeUser() }, false);
    stubFetch(json(500, { message: 'Something went wrong. Please try again.' }));
    await logout();
    expect(authStore.token).toBeNull();
    expect(authStore.user).toBeNull();

    setSession({ token: 'jwt.2', user: makeUser() }, false);
    stubFetch(new TypeError('Failed to fetch'));
    await logout();
    expect(authStore.token).toBeNull();
  });
});
