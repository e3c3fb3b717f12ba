import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueAccessToken, verifyAccessToken } from './tokens';

const secretA = new TextEncoder().encode('a'.repeat(64));
const secretB = new TextEncoder().encode('b'.repeat(64));

function tokenFor(secret: Uint8Array, lifetimeMs: number, sessionId = 's1') {
  return issueAccessToken(secret, {
    userId: 'u1',
    sessionId,
    sessionExpiresAt: new Date(Date.now() + lifetimeMs),
  });
}

describe('verifyAccessToken', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a valid token again without losing any check: expiry, secret, signature', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const { token } = await tokenFor(secretA, 10_000);
    const first = await verifyAccessToken(secretA, token);
    expect(first).toMatchObject({ ok: true, claims: { sub: 'u1', sid: 's1' } });
    // Seen before: accepted (from memory) while it lasts.
    expect(await verifyAccessToken(secretA, token)).toEqual(first);
    // Another instance's secret does not share what this one found.
    expect(await verifyAccessToken(secretB, token)).toEqual({ ok: false, reason: 'invalid' });
    // The same claims with another signature are not the same token.
    const [head, body] = token.split('.');
    expect(await verifyAccessToken(secretA, `${head}.${body}.${'A'.repeat(43)}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // From its expiry on, refused as expired, every time.
    vi.setSystemTime(new Date('2026-11-28T10:00:10Z'));
    expect(await verifyAccessToken(secretA, token)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyAccessToken(secretA, token)).toEqual({ ok: false, reason: 'expired' });
    // A refresh still reads an expired token.
    expect(await verifyAccessToken(secretA, token, { allowExpired: true })).toMatchObject({
      ok: true,
      claims: { sid: 's1' },
    });
  });

  it('refuses an expired token it never saw valid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const { token } = await tokenFor(secretA, 5_000, 's2');
    vi.setSystemTime(new Date('2026-11-28T10:00:06Z'));
    expect(await verifyAccessToken(secretA, token)).toEqual({ ok: false, reason: 'expired' });
  });
});
