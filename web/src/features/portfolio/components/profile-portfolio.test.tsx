import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/testing/api-and-network';
import type { PortfolioProject } from '../api/portfolio';
import { ProfilePortfolio } from './profile-portfolio';

const project = (change: Partial<PortfolioProject> = {}): PortfolioProject => ({
  id: 'p1',
  title: 'Pink Lake sunrise',
  description: 'Twelve people, **one** minibus.',
  service_id: 'tour-guide',
  completed_on: '2025-04',
  images: ['/api/portfolio/p1/images/a', '/api/portfolio/p1/images/b'],
  verified_order: { completed_at: '2026-03-07T10:00:00Z' },
  created_at: '2026-03-08T10:00:00Z',
  updated_at: '2026-03-08T10:00:00Z',
  ...change,
});

const show = (manage?: React.ReactNode) =>
  render(
    <MemoryRouter>
      <ProfilePortfolio
        tagname="amara_guides"
        name="Amara"
        serviceName={(id) => (id === 'tour-guide' ? 'Tour Guide' : id)}
        manage={manage}
      />
    </MemoryRouter>,
  );

describe('<ProfilePortfolio>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each project as a card: lazy pictures, its facts and its story as Markdown', async () => {
    const fetchMock = fakeApi(() =>
      json(200, {
        data: [
          project(),
          project({
            id: 'p2',
            title: 'Gorée school day',
            images: [],
            verified_order: null,
            completed_on: null,
          }),
        ],
      }),
    );
    show();
    const cards = await screen.findAllByTestId('portfolio-card');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/users/amara_guides/portfolio');
    expect(screen.getByRole('region', { name: 'Portfolio' })).toBeTruthy();
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Pink Lake sunrise' })).toBeTruthy();
    expect(first.getByText('one').tagName).toBe('STRONG');
    expect(first.getByText('Tour Guide')).toBeTruthy();
    expect(first.getByText('April 2025')).toBeTruthy();
    expect(first.getByText(/Completed through a Wayfarer order on 7 Mar 2026/)).toBeTruthy();
    const pictures = first.getAllByRole('img');
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual([
      'Pink Lake sunrise, picture 1 of 2',
      'Pink Lake sunrise, picture 2 of 2',
    ]);
    expect(pictures.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    const second = within(cards[1]!);
    expect(second.queryByRole('img')).toBeNull();
    expect(second.queryByText(/Completed through/)).toBeNull();
  });

  it('says when there is no project yet, and offers the agent their page', async () => {
    fakeApi(() => json(200, { data: [] }));
    show();
    expect(await screen.findByRole('heading', { name: 'No portfolio projects yet' })).toBeTruthy();
    expect(screen.getByText('Amara has not added any work to their portfolio yet.')).toBeTruthy();
    cleanup();

    show(<a href="/agent/agent-projects">Manage your portfolio</a>);
    expect(await screen.findByRole('link', { name: 'Manage your portfolio' })).toBeTruthy();
  });

  it('says the projects need a connection when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    show();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Portfolio projects need a connection',
    );
  });
});
