// No stub: the request fails for real (nothing listens on the page's origin).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnreachableApi } from '@/testing/unreachable-api';
import { ServiceCategories } from './service-categories';

describe('<ServiceCategories>', () => {
  useUnreachableApi();
  afterEach(() => cleanup());

  it('says the categories are unavailable when the list cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<ServiceCategories hrefFor={(id) => `/services/${id}`} />);
    expect(screen.getByRole('heading', { name: 'Browse by category' })).toBeTruthy();
    expect(screen.getByText('Loading categories…')).toBeTruthy();
    expect(
      await screen.findByText(/categories are unavailable/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
