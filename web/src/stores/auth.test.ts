import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@/types/api';
import { authStore, clearAuth, isLoggedIn, setToken, setUser } from './auth';

const user: User = {
  id: 'u1',
  tagname: 'ana_guide',
  role: 'Agent',
  avatar: null,
  cv: null,
  full_name: 'Ana Guide',
  expertise: 'Tour Guide',
  leaderboards: [],
  new_notifications_count: 0,
  email_verified_at: null,
};

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

  it('clears token and user together', () => {
    setToken('jwt.abc');
    setUser(user);
    clearAuth();
    expect(authStore).toEqual({ token: null, user: null });
  });
});
