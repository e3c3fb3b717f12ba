import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GigSummary } from '@wayfarer/api/schemas';
import { fakeApi, json } from '@/testing/api-and-network';
import { ProfileGigs } from './profile-gigs';

const gig: GigSummary = {
  id: 'g1',
  title: 'Kaiseki dinner at your villa',
  service_id: 'chef',
  owner: { id: 'u2', tagname: 'kenji_cooks', full_name: 'Kenji Morimoto', avatar: null },
  image: null,
  starting_price: { amount: 12000, currency: 'USD' },
  min_delivery_days: 1,
  rating: { average: 4.5, count: 2 },
  languages: ['English'],
  destinations: ['Kyoto'],
  location: 'Kyoto',
  published_at: '2026-11-01T00:00:00Z',
};

const show = () =>
  render(
    <MemoryRouter>
      <ProfileGigs tagname="kenji_cooks" name="Kenji" gigHref={(id) => `/gigs/${id}`} />
    </MemoryRouter>,
  );

describe('<ProfileGigs>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the agent's active gigs, linked to their pages", async () => {
    const fetchMock = fakeApi(() => json(200, { data: [gig] }));
    show();
    const link = await screen.findByRole('link', { name: 'Kaiseki dinner at your villa' });
    expect(link.getAttribute('href')).toBe('/gigs/g1');
    expect(screen.getByRole('region', { name: 'Gigs by Kenji' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/users/kenji_cooks/gigs');
  });

  it('says when there is none', async () => {
    fakeApi(() => json(200, { data: [] }));
    show();
    expect(await screen.findByText('Kenji has no active gigs right now.')).toBeTruthy();
  });

  it('says the gigs need a connection when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    show();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'These gigs need a connection to load.',
    );
  });
});
