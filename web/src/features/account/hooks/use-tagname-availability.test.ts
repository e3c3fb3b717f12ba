import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAGNAME_CHECK_DELAY_MS, useTagnameAvailability } from './use-tagname-availability';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

describe('useTagnameAvailability', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once, 300 ms after typing stops, and shows the answer for that value only', async () => {
    expect(TAGNAME_CHECK_DELAY_MS).toBe(300);
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const tagname = new URL(String(input), 'http://x').searchParams.get('tagname');
      return tagname === 'taken_one'
        ? json({ tagname, available: false, reason: 'That tagname is already taken.' })
        : json({ tagname, available: true });
    });
    vi.stubGlobal('fetch', fetchMock);

    const { result, rerender } = renderHook(({ value }) => useTagnameAvailability(value, null), {
      initialProps: { value: 'tak' },
    });
    expect(result.current).toEqual({ state: 'checking' });
    rerender({ value: 'taken' });
    rerender({ value: 'taken_one' });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/tagname/availability?tagname=taken_one',
    );
    expect(result.current).toEqual({ state: 'taken', reason: 'That tagname is already taken.' });

    rerender({ value: 'Free_One' });
    expect(result.current).toEqual({ state: 'checking' });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(result.current).toEqual({ state: 'available', tagname: 'free_one' });
  });

  it('never asks about a value that breaks the rule', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useTagnameAvailability('no', null));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toEqual({ state: 'invalid' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
