import { describe, expect, it } from 'vitest';
import { runMap } from '../src/testing';
import { source } from './helpers';

const at = '2026-11-21T10:00:00.000Z';

describe('users/accounts/views/directory/map.js', () => {
  const map = source('users/accounts/views/directory/map.js');
  it('emits the listed fields of each user by creation date, never the password hash', () => {
    const emitted = runMap(map, {
      type: 'user',
      created_at: at,
      full_name: 'Ada',
      email: 'ada@x.test',
      tagname: 'ada',
      role: 'Admin',
      status: 'active',
      email_verified_at: at,
      password_hash: 'secret',
    });
    expect(emitted).toEqual([
      [
        at,
        {
          full_name: 'Ada',
          email: 'ada@x.test',
          tagname: 'ada',
          role: 'Admin',
          status: 'active',
          verified: true,
        },
      ],
    ]);
    expect(runMap(map, { type: 'session', created_at: at })).toEqual([]);
  });
});

describe('users/accounts/views/active_by_day/map.js', () => {
  const map = source('users/accounts/views/active_by_day/map.js');
  it('emits [day, user] per session, counted by _count', () => {
    expect(runMap(map, { type: 'session', created_at: at, user_id: 'u1' })).toEqual([
      [['2026-11-21', 'u1'], null],
    ]);
    expect(runMap(map, { type: 'user', created_at: at })).toEqual([]);
    expect(source('users/accounts/views/active_by_day/reduce.js')).toBe('_count');
  });
});

describe('catalog/gigs/views/by_service/map.js and by_owner/map.js', () => {
  const byService = source('catalog/gigs/views/by_service/map.js');
  const byOwner = source('catalog/gigs/views/by_owner/map.js');
  it('emit each gig under its service and its owner', () => {
    const gig = { type: 'gig', service_id: 'chef', owner_id: 'u1', status: 'paused' };
    expect(runMap(byService, gig)).toEqual([['chef', null]]);
    expect(runMap(byOwner, gig)).toEqual([['u1', null]]);
    expect(runMap(byService, { type: 'service', service_id: 'chef' })).toEqual([]);
    expect(source('catalog/gigs/views/by_service/reduce.js')).toBe('_count');
    expect(source('catalog/gigs/views/by_owner/reduce.js')).toBe('_count');
  });
});

describe('content/audit/views/by_time/map.js and by_target/map.js', () => {
  it('emit audit entries by time and by target', () => {
    const entry = { type: 'audit', at, target: 'user:u1', action: 'user.suspend' };
    expect(runMap(source('content/audit/views/by_time/map.js'), entry)).toEqual([[at, null]]);
    expect(runMap(source('content/audit/views/by_target/map.js'), entry)).toEqual([
      [['user:u1', at], null],
    ]);
    expect(runMap(source('content/audit/views/by_time/map.js'), { type: 'blog_post', at })).toEqual(
      [],
    );
    expect(source('content/audit/views/by_time/reduce.js')).toBe('_count');
  });
});

describe('content/contact/views/by_state/map.js', () => {
  const map = source('content/contact/views/by_state/map.js');
  it('separates open and handled messages', () => {
    expect(runMap(map, { type: 'contact_message', created_at: at, handled_at: null })).toEqual([
      [['open', at], null],
    ]);
    expect(runMap(map, { type: 'contact_message', created_at: at, handled_at: at })).toEqual([
      [['handled', at], null],
    ]);
    expect(source('content/contact/views/by_state/reduce.js')).toBe('_count');
  });
});
