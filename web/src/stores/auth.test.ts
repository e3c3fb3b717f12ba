import { beforeEach, describe, expect, it } from 'vitest';
import { loadTokenCookie, saveTokenCookie } from '@/lib/token-cookie';
import { makeUser } from '@/testing/fixtures';
import {
  authStore,
  clearAuth,
  isLoggedIn,
  restoreToken,
  setSession,
  setToken,
  setUser,
} from './auth';

const user = makeUser({ tagname: 'ana_guide', role: 'Agent', full_name: 'Ana Guide' });

describe('auth store', () => {
  beforeEach(() => clearAuth());

  it('starts logged out', () => {
    expect(authStore.token).toBeNull();
    expect(authStore.user).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('keeps a token before the user is loaded, and is logged in once the user is', () => {
    setToken('jwt.abc');
    expect(authStore.token).toBe('jwt.abc');
    expect(isLoggedIn()).toBe(false);
    setUser(user);
    expect(authStore.user?.tagname).toBe('ana_guide');
    expect(isLoggedIn()).toBe(true);
  });

  it('keeps a login in the store and the cookie, with the remember choice', () => {
    setSession({ token: 'jwt.1', user }, true);
    expect(authStore).toMatchObject({ token: 'jwt.1', remember: true });
    expect(loadTokenCookie()).toEqual({ token: 'jwt.1', remember: true });
  });

  it('writes a refreshed token with the lifetime the login chose', () => {
    setSession({ token: 'jwt.1', user }, true);
    setToken('jwt.2');
    expect(loadTokenCookie()).toEqual({ token: 'jwt.2', remember: true });
    setSession({ token: 'jwt.3', user }, false);
    setToken('jwt.4');
    expect(loadTokenCookie()).toEqual({ token: 'jwt.4', remember: false });
  });

  it('restores the token and the remember choice from the cookie', () => {
    saveTokenCookie('jwt.old', true);
    restoreToken();
    expect(authStore).toMatchObject({ token: 'jwt.old', user: null, remember: true });
  });

  it('clears token, user and cookie together', () => {
    setSession({ token: 'jwt.1', user }, true);
    clearAuth();
    expect(authStore).toEqual({ token: null, user: null, remember: false });
    expect(loadTokenCookie()).toEqual({ token: null, remember: false });
  });
});
