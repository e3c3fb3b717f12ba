import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input';
import { SEARCH_DEBOUNCE_MS, useDebouncedCallback } from './use-debounced-callback';

describe('useDebouncedCallback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
  });

  it('calls once, 300 ms after the last call, with the last arguments', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const spy = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(spy));
    act(() => {
      result.current('t');
      vi.advanceTimersByTime(200);
      result.current('to');
      vi.advanceTimersByTime(299);
    });
    expect(spy).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(spy).toHaveBeenCalledExactlyOnceWith('to');
  });

  it('flushes and cancels', () => {
    const spy = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(spy));
    act(() => {
      result.current('a');
      result.current.flush();
    });
    expect(spy).toHaveBeenCalledExactlyOnceWith('a');
    act(() => {
      result.current('b');
      result.current.cancel();
      vi.advanceTimersByTime(1000);
    });
    expect(spy).toHaveBeenCalledTimes(1);
    act(() => result.current('c'));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('drives <SearchInput>: debounced typing, Enter at once', () => {
    const onSearch = vi.fn();
    const onSubmit = vi.fn();
    render(<SearchInput label="Search" onSearch={onSearch} onSubmit={onSubmit} />);
    const input = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'che' } });
    fireEvent.change(input, { target: { value: 'chef' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('chef');
    fireEvent.change(input, { target: { value: 'chefs' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).toHaveBeenLastCalledWith('chefs');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('chefs');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
