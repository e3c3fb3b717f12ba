// No stub: the page's origin has nothing listening, so these are real failed requests, the state
// a visitor sees while the API is down.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnreachableApi } from '@/testing/unreachable-api';
import { HealthStatus } from './health-status';

describe('<HealthStatus>', () => {
  useUnreachableApi();
  afterEach(() => cleanup());

  it('starts loading, then reports the database unreachable when the API cannot be reached', async () => {
    render(<HealthStatus />);
    const status = screen.getByTestId('health-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.dataset.state).toBe('loading');

    await waitFor(() => expect(status.dataset.state).toBe('down'), { timeout: 5000 });
    expect(status.textContent).toContain('The database is unreachable');
  });

  it('asks again on an interval and stops once unmounted', async () => {
    // A spy, not a stub: the requests still go out for real.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { unmount } = render(<HealthStatus intervalMs={20} />);
    await waitFor(() => expect(fetchSpy.mock.calls.length).toBeGreaterThanOrEqual(3), {
      timeout: 5000,
    });
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/health');
    unmount();
    const calls = fetchSpy.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetchSpy.mock.calls.length).toBe(calls);
    fetchSpy.mockRestore();
  });
});
