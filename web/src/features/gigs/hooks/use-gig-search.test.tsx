import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from '../utils/filters';
import { useGigSearch } from './use-gig-search';

const list = (title: string) => ({
  data: [{ id: title, title }],
  meta: { page: 1, per_page: 20, total: 1, last_page: 1 },
});

afterEach(() => vi.unstubAllGlobals());

describe('useGigSearch', () => {
  it('never reports an answer for other filters as the current one', async () => {
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      const q = new URL(String(input), 'http://localhost').searchParams.get('q') ?? 'all';
      return Promise.resolve(
        new Response(JSON.stringify(list(q)), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result, rerender } = renderHook(({ q }) => useGigSearch({ ...EMPTY_FILTERS, q }), {
      initialProps: { q: '' },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ q: 'desert' });
    // At once: loading, with the old answer kept as `previous` only.
    expect(result.current).toMatchObject({
      status: 'loading',
      previous: { data: [{ id: 'all' }] },
    });
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'ready', list: { data: [{ id: 'desert' }] } }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[1]![0])).toContain('q=desert');
  });

  it('reports a failed search with its message', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ message: 'min_price is a whole number of cents.' }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    const { result } = renderHook(() => useGigSearch(EMPTY_FILTERS));
    await waitFor(() =>
      expect(result.current).toEqual({
        status: 'error',
        isOffline: false,
        message: 'min_price is a whole number of cents.',
      }),
    );
  });
});
