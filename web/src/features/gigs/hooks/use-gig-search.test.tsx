import { act, render, renderHook, waitFor, within } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS, toApiQuery } from '../utils/filters';
import { pageDataKey } from '@wayfarer/api/schemas/page-data';
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

  it('asks for the key the shell of /explore answers (api/src/web/landing-pages.ts)', () => {
    expect(pageDataKey('/gigs', toApiQuery(EMPTY_FILTERS))).toBe(
      '/gigs?page=1&per_page=20&sort=relevance',
    );
  });

  it('takes the first search from the shell when it carries it, once, and asks for the next', async () => {
    vi.resetModules();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'page-data';
    element.textContent = JSON.stringify({
      '/gigs?page=1&per_page=20&sort=relevance': list('served'),
    });
    document.body.append(element);
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(list('fetched')), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { useGigSearch: fresh } = await import('./use-gig-search');
    const first = renderHook(({ q }) => fresh({ ...EMPTY_FILTERS, q }), {
      initialProps: { q: '' },
    });
    // Ready at the first render, without a request; the element is read and gone.
    expect(first.result.current).toMatchObject({
      status: 'ready',
      list: { data: [{ id: 'served' }] },
    });
    expect(document.getElementById('page-data')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    // Other filters are asked for.
    first.rerender({ q: 'desert' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // The same search again (another page of the app): the shell's answer served once only.
    const second = renderHook(() => fresh(EMPTY_FILTERS));
    expect(second.result.current.status).toBe('loading');
    await waitFor(() =>
      expect(second.result.current).toMatchObject({ list: { data: [{ id: 'fetched' }] } }),
    );
  });

  // Issue 20: a page of cards renders in a transition (in slices, no long task): a part that
  // suspends while rendering the answer leaves the page as it was instead of its fallback.
  it('renders an answer in a transition', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify(list('all')), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    const never = new Promise<never>(() => undefined);
    function View() {
      const search = useGigSearch(EMPTY_FILTERS);
      if (search.status === 'ready') use(never);
      return <p>{search.status}</p>;
    }
    const { container } = render(
      <Suspense fallback={<p>fallback</p>}>
        <View />
      </Suspense>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(container).queryByText('fallback')).toBeNull();
    expect(within(container).getByText('loading')).toBeTruthy();
  });
});
