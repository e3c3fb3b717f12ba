import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  REMEMBER_COOKIE,
  TOKEN_COOKIE,
  clearTokenCookie,
  loadTokenCookie,
  readCookie,
  rememberedUntil,
  saveTokenCookie,
  serializeCookie,
  type CookieJar,
} from './token-cookie';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const DAY = 86_400_000;

/** Records every assignment, and answers reads like a browser would for live cookies. */
function fakeJar() {
  const writes: string[] = [];
  const live = new Map<string, string>();
  const jar: CookieJar = {
    get cookie() {
      return [...live].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      writes.push(assignment);
      const [pair = '', ...attributes] = assignment.split('; ');
      const [name = '', value = ''] = pair.split('=');
      const maxAge = attributes.find((a) => a.startsWith('Max-Age='));
      if (maxAge && Number(maxAge.slice(8)) <= 0) live.delete(name);
      else live.set(name, value);
    },
  };
  return { jar, writes };
}

describe('serializeCookie', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a session cookie without Expires or Max-Age', () => {
    expect(serializeCookie('token', 'a.b.c', { secure: false })).toBe(
      'token=a.b.c; Path=/; SameSite=Lax',
    );
  });

  it('writes a persistent cookie with Max-Age and Expires, and Secure on https', () => {
    vi.useFakeTimers({ now: NOW });
    const expiresAt = new Date(NOW + 365 * DAY);
    expect(serializeCookie('token', 'x', { expiresAt, secure: true })).toBe(
      `token=x; Path=/; SameSite=Lax; Max-Age=${365 * 86_400}; Expires=${expiresAt.toUTCString()}; Secure`,
    );
  });

  it('encodes the value', () => {
    expect(serializeCookie('t', 'a b;c', { secure: false })).toMatch(/^t=a%20b%3Bc;/);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; token=x%20y; tokens=z', 'token')).toBe('x y');
    expect(readCookie('tokens=z', 'token')).toBeNull();
    expect(readCookie('', 'token')).toBeNull();
  });
});

describe('rememberedUntil', () => {
  it('is 365 days out without a session end', () => {
    expect(rememberedUntil(undefined, NOW).getTime()).toBe(NOW + 365 * DAY);
    expect(rememberedUntil('not a date', NOW).getTime()).toBe(NOW + 365 * DAY);
  });

  it('follows the session end when it comes sooner, never later than 365 days', () => {
    const end = new Date(NOW + 200 * DAY).toISOString();
    expect(rememberedUntil(end, NOW).toISOString()).toBe(end);
    const far = new Date(NOW + 900 * DAY).toISOString();
    expect(rememberedUntil(far, NOW).getTime()).toBe(NOW + 365 * DAY);
  });
});

describe('the token cookie', () => {
  afterEach(() => vi.useRealTimers());

  it('with remember: lives 365 days, and a remember marker lives as long', () => {
    vi.useFakeTimers({ now: NOW });
    const { jar, writes } = fakeJar();
    saveTokenCookie('jwt.1', true, undefined, jar);
    expect(writes[0]).toContain(`${TOKEN_COOKIE}=jwt.1; Path=/; SameSite=Lax; Max-Age=31536000`);
    expect(writes[1]).toContain(`${REMEMBER_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=31536000`);
    expect(loadTokenCookie(jar)).toEqual({ token: 'jwt.1', remember: true });
  });

  it('without remember: a session cookie, and no remember marker', () => {
    const { jar, writes } = fakeJar();
    saveTokenCookie('jwt.1', true, undefined, jar);
    saveTokenCookie('jwt.2', false, undefined, jar);
    expect(writes[2]).toBe(`${TOKEN_COOKIE}=jwt.2; Path=/; SameSite=Lax`);
    expect(writes[3]).toMatch(new RegExp(`^${REMEMBER_COOKIE}=; .*Max-Age=0`));
    expect(loadTokenCookie(jar)).toEqual({ token: 'jwt.2', remember: false });
  });

  it('clears both cookies', () => {
    const { jar } = fakeJar();
    saveTokenCookie('jwt.1', true, undefined, jar);
    clearTokenCookie(jar);
    expect(loadTokenCookie(jar)).toEqual({ token: null, remember: false });
  });

  it('round-trips through the real document.cookie', () => {
    saveTokenCookie('jwt.doc', true);
    expect(loadTokenCookie()).toEqual({ token: 'jwt.doc', remember: true });
    clearTokenCookie();
    expect(loadTokenCookie()).toEqual({ token: null, remember: false });
  });
});
