import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache';

describe('ttlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps an entry, undefined values included, until it expires', () => {
    vi.useFakeTimers();
    const cache = ttlCache<string, string | undefined>({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 'x');
    cache.set('gone', undefined);
    expect(cache.get('a')).toEqual({ value: 'x' });
    expect(cache.get('gone')).toEqual({ value: undefined });
    expect(cache.get('missing')).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry past its size; setting again makes an entry the newest', () => {
    const cache = ttlCache<string, number>({ ttlMs: Infinity, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ value: 3 });
    expect(cache.get('c')).toEqual({ value: 4 });
  });
});
