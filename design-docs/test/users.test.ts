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
