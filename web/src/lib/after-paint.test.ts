import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('useAfterFirstPaint', () => {
  it('is false at the first render, true once the page has painted, and at once afterwards', async () => {
    vi.resetModules();
    const { firstPaint, useAfterFirstPaint } = await import('./after-paint');
    const first = renderHook(() => useAfterFirstPaint());
    expect(first.result.current).toBe(false);
    await firstPaint();
    await waitFor(() => expect(first.result.current).toBe(true));
    // A page rendered later (a navigation) does not wait again.
    expect(renderHook(() => useAfterFirstPaint()).result.current).toBe(true);
  });
});
