import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearAuth, setToken } from '@/stores/auth';
import { resetNotifications } from '@/stores/notification';
import { makeJwt } from './fixtures';

/**
 * Every test of the calling `describe` starts signed in (a token good for 30 more minutes) and
 * ends unmounted, signed out, with `fetch` and the notifications reset.
 */
export function signedInForEachTest() {
  beforeEach(() => {
    clearAuth();
    setToken(makeJwt(Date.now() + 30 * 60_000));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearAuth();
    resetNotifications();
  });
}
