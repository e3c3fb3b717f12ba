import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnreachableApi } from '@/testing/unreachable-api';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('router', () => {
  useUnreachableApi();
  afterEach(() => cleanup());

  it.each(['/no/such/page', '/services/404'])('shows the 404 page at %s', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    await waitFor(() => expect(document.title).toBe('Page Not Found · Wayfarer Market'));
  });

  it('renders the home page in the default layout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = [...nav.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Home', '/'],
      ['About Us', '/about-us'],
      ['Blogs', '/blogs'],
      ['Contact Us', '/contact-us'],
    ]);
    expect(screen.getByText('© 2025 Wayfarer Market. All rights reserved.')).toBeTruthy();
    expect(screen.getByTestId('health-status')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Browse by category' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Wayfarer Market'));
    warn.mockRestore();
  });
});
