import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../lib/errors';
import type { UserDoc } from '../routes/users/users.model';
import { LiveSessions } from './live-sessions';
import type { SessionDoc } from './sessions';

const user = (patch: Partial<UserDoc> = {}): UserDoc => ({
  _id: 'user:u1',
  type: 'user',
  id: 'u1',
  email: 'u1@example.com',
  password_hash: 'x',
  role: 'Customer',
  full_name: 'U One',
  tagname: null,
  bio: '',
  expertise: null,
  location: null,
  languages: [],
  avatar: null,
  cv: null,
  status: 'active',
  email_verified_at: null,
  session_version: 3,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  ...patch,
});
const session = (id: string, patch: Partial<SessionDoc> = {}): SessionDoc => ({
  _id: `session:${id}`,
  type: 'session',
  user_id: 'u1',
  sv: 3,
  remember: false,
  created_at: '2024-01-01T00:00:00.000Z',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  revoked_at: null,
  user_agent: '',
  ip: '127.0.0.1',
  ...patch,
});

function openOne(live: LiveSessions, sessionId: string, owner = user()) {
  const closed: AppError[] = [];
  const release = live.open({ sessionId, session: session(sessionId), user: owner }, (reason) =>
    closed.push(reason),
  );
  return { closed, release };
}

describe('LiveSessions', () => {
  afterEach(() => vi.useRealTimers());

  it('closes the requests a user change ends, and keeps them on a harmless change', () => {
    const live = new LiveSessions();
    const a = openOne(live, 's1');
    const b = openOne(live, 's2');
    live.userChanged('u1', user({ full_name: 'Renamed' }));
    expect(a.closed).toEqual([]);
    expect(live.openCount('u1')).toBe(2);

    live.userChanged('u1', user({ session_version: 4 }));
    expect(a.closed.map((e) => [e.status, e.message])).toEqual([
      [401, expect.stringMatching(/password or account changed/)],
    ]);
    expect(b.closed).toHaveLength(1);
    expect(live.openCount('u1')).toBe(0);
  });

  it('closes on suspension, deletion and a role change', () => {
    for (const [doc, message] of [
      [user({ status: 'suspended' }), /suspended/],
      [null, /no longer exists/],
      [user({ role: 'Agent' }), /account type changed/],
    ] as const) {
      const live = new LiveSessions();
      const a = openOne(live, 's1');
      live.userChanged('u1', doc);
      expect(a.closed[0]?.message).toMatch(message);
    }
  });

  it('closes only the session that ended', () => {
    const live = new LiveSessions();
    const a = openOne(live, 's1');
    const b = openOne(live, 's2');
    live.sessionChanged('s1', session('s1', { revoked_at: new Date().toISOString() }));
    expect(a.closed).toHaveLength(1);
    expect(b.closed).toHaveLength(0);
    live.sessionChanged('s2', null);
    expect(b.closed).toHaveLength(1);
  });

  it('forgets a released request; closing twice calls once', () => {
    const live = new LiveSessions();
    const a = openOne(live, 's1');
    a.release();
    expect(live.openCount()).toBe(0);
    expect(live.holdsSession('s1')).toBe(false);
    live.sessionChanged('s1', null);
    expect(a.closed).toEqual([]);
    const b = openOne(live, 's1');
    live.sessionChanged('s1', null);
    live.userChanged('u1', null);
    expect(b.closed).toHaveLength(1);
  });

  it('tells a request checked before a change to check again', () => {
    const live = new LiveSessions();
    const before = live.mark();
    live.touched(['u2'], []);
    expect(live.changedSince(before, 'u1', 's1')).toBe(false);
    live.touched([], ['s1']);
    expect(live.changedSince(before, 'u1', 's1')).toBe(true);
    const after = live.mark();
    expect(live.changedSince(after, 'u1', 's1')).toBe(false);
    live.userChanged('u1', user());
    expect(live.changedSince(after, 'u1', 's1')).toBe(true);
  });

  it('treats a mark older than what it remembers as changed', () => {
    vi.useFakeTimers();
    const live = new LiveSessions();
    const old = live.mark();
    live.touched(['u9'], []);
    vi.advanceTimersByTime(61_000);
    live.touched(['u8'], []);
    expect(live.changedSince(old, 'u1', 's1')).toBe(true);
    expect(live.changedSince(live.mark(), 'u1', 's1')).toBe(false);
  });

  it('drops cached sessions on every change', () => {
    const live = new LiveSessions();
    live.cache.set('s1', user(), session('s1'), live.mark());
    live.cache.set('s2', user(), session('s2'), live.mark());
    live.touched([], ['s1']);
    expect(live.cache.get('s1')).toBeUndefined();
    expect(live.cache.get('s2')).toBeDefined();
    live.userChanged('u1', user());
    expect(live.cache.get('s2')).toBeUndefined();
  });

  it('is per instance: two share nothing', () => {
    const one = new LiveSessions();
    const two = new LiveSessions();
    const a = openOne(one, 's1');
    one.cache.set('s1', user(), session('s1'), 0);
    expect(two.openCount()).toBe(0);
    expect(two.cache.get('s1')).toBeUndefined();
    two.userChanged('u1', null);
    expect(a.closed).toEqual([]);
  });
});
