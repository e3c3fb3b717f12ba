import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_FLAG,
  clearChunkReloadFlag,
  isChunkLoadError,
  reloadOnChunkError,
} from './chunk-reload';

const chromium = new TypeError(
  'Failed to fetch dynamically imported module: https://example.test/assets/home-abc123.js',
);

describe('isChunkLoadError', () => {
  it.each([
    chromium,
    new TypeError('error loading dynamically imported module: /assets/x.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Loading chunk 42 failed.\n(error: https://example.test/assets/42.js)'),
    new Error('Loading CSS chunk home failed'),
    new Error('Unable to preload CSS for /assets/home.css'),
    Object.assign(new Error('x'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), 'Loading chunk 1 failed', null, 42])(
    'ignores %s',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});

describe('reloadOnChunkError', () => {
  beforeEach(() => sessionStorage.clear());

  it('does not reload while offline: the chunk failed for want of a network', () => {
    const reload = vi.fn();
    expect(reloadOnChunkError(chromium, { reload, isOnline: () => false })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
    expect(reloadOnChunkError(chromium, { reload, isOnline: () => true })).toBe(true);
  });

  it('reloads once per session for a chunk error', () => {
    const reload = vi.fn();
    expect(reloadOnChunkError(chromium, { reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).not.toBeNull();

    // The reloaded page fails the same way: no second reload, so no loop.
    expect(reloadOnChunkError(chromium, { reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again after a page rendered and cleared the flag', () => {
    const reload = vi.fn();
    reloadOnChunkError(chromium, { reload });
    clearChunkReloadFlag();
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
    expect(reloadOnChunkError(chromium, { reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload for other errors', () => {
    const reload = vi.fn();
    expect(reloadOnChunkError(new Error('render failed'), { reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });

  it('does not reload when storage is unavailable, since it could not stop a loop', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(reloadOnChunkError(chromium, { reload, storage })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
