import { act, render, renderHook, waitFor, within } from '@testing-library/react';
import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { useResource } from './use-resource';

/** Lets pending promise callbacks and the renders they schedule run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useResource', () => {
  it('loads, then reports the answer for its key', async () => {
    const { result } = renderHook(() => useResource('gig-1', () => Promise.resolve({ id: 1 })));
    expect(result.current.resource).toEqual({ status: 'loading', data: undefined });
    await waitFor(() =>
      expect(result.current.resource).toMatchObject({ status: 'ready', data: { id: 1 } }),
    );
  });

  it('reports a failure as an ApiError, keeping the data it had', async () => {
    let fail = false;
    const { result } = renderHook(() =>
      useResource('list', () =>
        fail ? Promise.reject(new ApiError(503, 'Unavailable', {})) : Promise.resolve(['a']),
      ),
    );
    await waitFor(() => expect(result.current.resource.status).toBe('ready'));
    fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.resource.status).toBe('error'));
    expect(result.current.resource.data).toEqual(['a']);
    expect(result.current.resource.status === 'error' && result.current.resource.error.status).toBe(
      503,
    );
  });

  // Issue 20: a late answer renders in a transition, which React renders in slices (no long
  // task). What shows it: a part that suspends while rendering the answer does not replace the
  // page with its Suspense fallback, as an urgent update would; the page stays as it was.
  it.each([
    { what: 'an answer', status: 'ready', load: () => Promise.resolve('answer') },
    { what: 'a failure', status: 'error', load: () => Promise.reject(new Error('offline')) },
  ])('renders $what in a transition', async ({ status, load }) => {
    const never = new Promise<never>(() => undefined);
    function View() {
      const { resource } = useResource('gig-1', load);
      if (resource.status === status) use(never);
      return <p>{resource.status}</p>;
    }
    const { container } = render(
      <Suspense fallback={<p>fallback</p>}>
        <View />
      </Suspense>,
    );
    const screen = within(container);
    expect(screen.getByText('loading')).toBeTruthy();
    await settle();
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByText('loading')).toBeTruthy();
  });
});
