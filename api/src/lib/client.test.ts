import { describe, expect, it } from 'vitest';
import { forwardedClient, isLoopback } from './client';

describe('forwardedClient', () => {
  it('takes the entry as many places from the right as there are trusted proxies', () => {
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('1.2.3.4, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('1.2.3.4, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClient('2001:db8::1', 1)).toBe('2001:db8::1');
  });

  it('gives nothing when the header is missing, too short or not an address', () => {
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient('203.0.113.7', 0)).toBeUndefined();
    expect(forwardedClient('203.0.113.7', 2)).toBeUndefined();
    expect(forwardedClient('not-an-address', 1)).toBeUndefined();
  });
});

describe('isLoopback', () => {
  it('knows 127.0.0.0/8 and ::1, also IPv4-mapped', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '1.127.0.0', '', undefined])
      expect(isLoopback(address), String(address)).toBe(false);
  });
});
