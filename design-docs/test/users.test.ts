import { describe, expect, it } from 'vitest';
import { runMap } from '../src/testing';
import { source } from './helpers';
import { nameWords } from '../../api/src/routes/users/people-search';

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

describe('users/people/views/search/map.js', () => {
  const map = source('users/people/views/search/map.js');
  const member = {
    _id: 'user:u1',
    type: 'user',
    id: 'u1',
    role: 'Agent',
    status: 'active',
    tagname: 'lucia_lens',
    full_name: 'Lucía  Ferreira-Lopes',
    avatar: 'v2',
    email: 'lucia@example.com',
  };
  const person = {
    tagname: 'lucia_lens',
    full_name: 'Lucía  Ferreira-Lopes',
    avatar: 'v2',
    role: 'Agent',
  };

  it('lists an active member under their tagname and each word of their name, accents folded', () => {
    expect(runMap(map, member)).toEqual([
      [['tag', 'lucia_lens'], person],
      [['name', 'lucia'], person],
      [['name', 'ferreira'], person],
      [['name', 'lopes'], person],
    ]);
  });

  it('gives the words the API searches with (people-search.ts nameWords)', () => {
    const names = [
      'Dr Helen Brandt',
      'Tomás Novak',
      "  O'Brien  o'brien ",
      'Zoë 2nd',
      'A b c d e f g h i j k l',
    ];
    for (const full_name of names) {
      const words = runMap(map, { ...member, full_name })
        .filter(([key]) => (key as string[])[0] === 'name')
        .map(([key]) => (key as string[])[1]);
      expect(words, full_name).toEqual(nameWords(full_name));
    }
  });

  it('never carries the email or anything private', () => {
    for (const [, value] of runMap(map, member))
      expect(Object.keys(value as object).sort()).toEqual([
        'avatar',
        'full_name',
        'role',
        'tagname',
      ]);
  });

  it('leaves out suspended members, admins, members without a tagname and other documents', () => {
    expect(runMap(map, { ...member, status: 'suspended' })).toEqual([]);
    expect(runMap(map, { ...member, role: 'Admin' })).toEqual([]);
    expect(runMap(map, { ...member, tagname: null })).toEqual([]);
    expect(runMap(map, { ...member, type: 'session' })).toEqual([]);
  });
});
