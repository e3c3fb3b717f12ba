import type { Reputation } from '@wayfarer/api/schemas/reputation';
import type { User } from '@/types/api';

/** A complete, verified Customer with a tagname; override what a test is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'sofia@wayfarer.test',
    tagname: 'sofia',
    role: 'Customer',
    full_name: 'Sofia Marquez',
    avatar: null,
    cv: null,
    bio: '',
    expertise: null,
    location: null,
    languages: [],
    leaderboards: [],
    new_notifications_count: 0,
    email_verified_at: '2025-01-02T03:04:05.000Z',
    status: 'active',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An unsigned JWT whose `exp` is `expMs` (the client reads the expiry, never the signature). */
export function makeJwt(expMs: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u1', ...claims, exp: Math.floor(expMs / 1000) })}.signature`;
}

/** A JSON answer of the API, for a stubbed `fetch`. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A new agent's reputation: no completed order, no review, nothing measured yet. */
export const NEW_AGENT_REPUTATION: Reputation = {
  level: 'new',
  completed_orders: 0,
  rating: { average: 0, count: 0 },
  on_time_rate: null,
  response_rate: null,
  response_time_hours: null,
  cancellation_rate: null,
};
