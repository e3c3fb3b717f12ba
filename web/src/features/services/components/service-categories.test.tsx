// No stub for the failing case: the request fails for real (nothing listens on the page's
// origin). The count case hands the component a list, as if an admin had added a category.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnreachableApi } from '@/testing/unreachable-api';
import type { ServicesState } from '../hooks/use-services';
import { ServiceCategories } from './service-categories';

const services = vi.hoisted(() => ({ given: null as ServicesState | null }));
vi.mock('../hooks/use-services', async (importActual) => {
  const actual = await importActual<{ useServices: () => ServicesState }>();
  return {
    ...actual,
    useServices: () => {
      const real = actual.useServices();
      return services.given ?? real;
    },
  };
});

const lead = (count: number) => `${count} kinds`;

describe('<ServiceCategories>', () => {
  useUnreachableApi();
  afterEach(() => {
    services.given = null;
    cleanup();
  });

  it('says the categories are unavailable when the list cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<ServiceCategories hrefFor={(id) => `/services/${id}`} lead={lead} />);
    expect(screen.getByRole('heading', { name: 'Browse by category' })).toBeTruthy();
    expect(screen.getByText('Loading categories…')).toBeTruthy();
    expect(
      await screen.findByText(/categories are unavailable/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    // No count is claimed without the list.
    expect(screen.queryByText(/kinds/)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('counts the categories it lists in its lead', () => {
    const names = ['Chef', 'Tour Guide', 'Photographer', 'Surf Instructor'];
    services.given = {
      status: 'ready',
      services: names.map((name) => ({ id: name.toLowerCase().replace(' ', '-'), name })),
    };
    render(
      <MemoryRouter>
        <ServiceCategories hrefFor={(id) => `/services/${id}`} lead={lead} />
      </MemoryRouter>,
    );
    expect(screen.getByText('4 kinds')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });
});
