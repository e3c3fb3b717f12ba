import { describe, expect, it } from 'vitest';
import { makeJwt } from '@/testing/fixtures';
import { REFRESH_WINDOW_MS, decodeJwtExp, shouldRefresh } from './jwt';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('decodeJwtExp', () => {
  it('reads exp (seconds) as ms since the epoch', () => {
    expect(decodeJwtExp(makeJwt(NOW + 3_600_000))).toBe(NOW + 3_600_000);
  });

  it('reads base64url payloads with - and _ and non-ASCII claims', () => {
    const token = makeJwt(NOW, { name: 'Zoë ~~~ ???>>>' });
    expect(token.split('.')[1]).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeJwtExp(token)).toBe(NOW);
  });

  it.each([
    ['not a jwt', 'abc'],
    ['two parts', 'a.b'],
    ['bad base64', 'a.!!!.c'],
    ['no exp', `x.${btoa(JSON.stringify({ sub: 'u1' }))}.y`],
    ['exp not a number', `x.${btoa(JSON.stringify({ exp: '123' }))}.y`],
    ['payload not an object', `x.${btoa('42')}.y`],
  ])('is null for %s', (_label, token) => {
    expect(decodeJwtExp(token)).toBeNull();
  });
});

describe('shouldRefresh', () => {
  it('waits while more than 5 minutes are left', () => {
    expect(REFRESH_WINDOW_MS).toBe(300_000);
    expect(shouldRefresh(makeJwt(NOW + 3_600_000), NOW)).toBe(false);
    expect(shouldRefresh(makeJwt(NOW + 301_000), NOW)).toBe(false);
  });

  it('refreshes within 5 minutes of expiry, and after it', () => {
    expect(shouldRefresh(makeJwt(NOW + 300_000), NOW)).toBe(true);
    expect(shouldRefresh(makeJwt(NOW + 60_000), NOW)).toBe(true);
    expect(shouldRefresh(makeJwt(NOW - 60_000), NOW)).toBe(true);
  });

  it('leaves a token it cannot read to the server', () => {
    expect(shouldRefresh('opaque-token', NOW)).toBe(false);
  });
});
