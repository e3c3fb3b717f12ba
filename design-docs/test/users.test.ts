import { describe, expect, it } from 'vitest';
import { runMap } from '../src/testing';
import { source } from './helpers';

describe('users/accounts/views/by_role_day/map.js', () => {
  const map = source('users/accounts/views/by_role_day/map.js');

  it('emits [role, day] once per user', () => {
    expect(
      runMap(map, { type: 'user', role: 'Agent', created_at: '2026-11-21T10:00:00.000Z' }),
    ).toEqual([[['Agent', '2026-11-21'], 1]]);
  });

  it('ignores documents that are not users or have no creation date', () => {
    expect(
      runMap(map, { type: 'email', role: 'Agent', created_at: '2026-11-21T10:00:00Z' }),
    ).toEqual([]);
    expect(runMap(map, { type: 'user', role: 'Agent' })).toEqual([]);
  });

  it('is reduced by the built-in _count', () => {
    expect(source('users/accounts/views/by_role_day/reduce.js')).toBe('_count');
  });
});

describe('users/accounts/views/by_tagname/map.js', () => {
  const map = source('users/accounts/views/by_tagname/map.js');

  it('emits the tagname of users that chose one', () => {
    expect(runMap(map, { type: 'user', tagname: 'maria_guide' })).toEqual([['maria_guide', null]]);
    expect(runMap(map, { type: 'user', tagname: null })).toEqual([]);
  });
});

describe('users/accounts/views/sessions_by_user/map.js', () => {
  const map = source('users/accounts/views/sessions_by_user/map.js');

  it('emits each session under its user with its revision', () => {
    expect(
      runMap(map, { _id: 'session:abc', _rev: '1-x', type: 'session', user_id: 'u1' }),
    ).toEqual([['u1', { rev: '1-x' }]]);
    expect(runMap(map, { type: 'user', user_id: 'u1' })).toEqual([]);
  });
});

describe('users/housekeeping/views/ended/map.js', () => {
  const map = source('users/housekeeping/views/ended/map.js');
  const session = {
    _id: 'session:s1',
    _rev: '2-a',
    type: 'session',
    user_id: 'u1',
    expires_at: '2027-01-01T00:00:00.000Z',
    revoked_at: null,
  };

  it('emits a session at its expiry, or at its revocation when that came first', () => {
    expect(runMap(map, session)).toEqual([
      [['session', '2027-01-01T00:00:00.000Z'], { rev: '2-a' }],
    ]);
    expect(runMap(map, { ...session, revoked_at: '2026-02-01T00:00:00.000Z' })).toEqual([
      [['session', '2026-02-01T00:00:00.000Z'], { rev: '2-a' }],
    ]);
  });

  it('emits a reset token at its expiry, or when it was used', () => {
    const reset = {
      _id: 'pwreset:x',
      _rev: '1-b',
      type: 'password_reset',
      expires_at: '2026-03-01T01:00:00.000Z',
      used_at: null,
    };
    expect(runMap(map, reset)).toEqual([
      [['password_reset', '2026-03-01T01:00:00.000Z'], { rev: '1-b' }],
    ]);
    expect(runMap(map, { ...reset, used_at: '2026-03-01T00:10:00.000Z' })).toEqual([
      [['password_reset', '2026-03-01T00:10:00.000Z'], { rev: '1-b' }],
    ]);
  });

  it('ignores every other document', () => {
    expect(runMap(map, { type: 'user', expires_at: '2026-01-01T00:00:00.000Z' })).toEqual([]);
    expect(runMap(map, { type: 'email', user_id: 'u1' })).toEqual([]);
  });
});

describe('users/housekeeping/views/setup_pending/map.js', () => {
  const map = source('users/housekeeping/views/setup_pending/map.js');
  const user = { _id: 'user:u1', type: 'user', created_at: '2026-11-27T10:00:00.000Z' };

  it('emits an account whose setup is pending, by creation time', () => {
    expect(runMap(map, { ...user, setup_pending: true })).toEqual([
      ['2026-11-27T10:00:00.000Z', null],
    ]);
  });

  it('skips finished accounts and other documents', () => {
    expect(runMap(map, user)).toEqual([]);
    expect(runMap(map, { ...user, type: 'session', setup_pending: true })).toEqual([]);
  });
});
