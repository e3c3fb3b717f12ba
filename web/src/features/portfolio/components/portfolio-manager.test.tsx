import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/api-and-network';
import type { OwnPortfolioProject } from '../api/portfolio';
import { PortfolioManager } from './portfolio-manager';

const project = (id: string, title: string): OwnPortfolioProject => ({
  id,
  title,
  description: '',
  service_id: 'chef',
  completed_on: null,
  images: [],
  verified_order: null,
  order_id: null,
  revision: '1-a',
  created_at: '2026-03-08T10:00:00Z',
  updated_at: '2026-03-08T10:00:00Z',
});

type Call = { method: string; url: string; body: unknown };

/** The API as the page uses it: the list, the order and deletes; every call recorded. */
function fakePortfolioApi(initial: OwnPortfolioProject[]) {
  let list = initial;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (method === 'PUT' && url.endsWith('/api/agent/portfolio/order')) {
        const ids = (body as { ids: string[] }).ids;
        list = ids.map((id) => list.find((p) => p.id === id)!);
        return json(200, { data: list });
      }
      if (method === 'DELETE') {
        list = list.filter((p) => !url.endsWith(`/api/portfolio/${p.id}`));
        return new Response(null, { status: 204 });
      }
      return json(200, { data: list });
    }),
  );
  return calls;
}

const show = () =>
  render(
    <MemoryRouter>
      <PortfolioManager
        createHref="/agent/agent-projects/create"
        editHref={(id) => `/agent/agent-projects/${id}/edit`}
        profileHref="/@/kenji_cooks/projects"
        serviceName={(id) => (id === 'chef' ? 'Chef' : id)}
      />
    </MemoryRouter>,
  );

describe('<PortfolioManager>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what a portfolio is for when it is empty, with a way to add a project', async () => {
    fakePortfolioApi([]);
    show();
    expect(
      await screen.findByRole('heading', { name: 'Show customers your best work' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a project' }).getAttribute('href')).toBe(
      '/agent/agent-projects/create',
    );
  });

  it('moves a project down: the new order is sent and shown', async () => {
    const calls = fakePortfolioApi([
      project('a', 'Autumn kaiseki'),
      project('b', 'Ryokan breakfast'),
    ]);
    show();
    const cards = await screen.findAllByTestId('portfolio-card');
    expect(within(cards[0]!).getByRole('link', { name: 'Edit “Autumn kaiseki”' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move up “Autumn kaiseki”' })).toBeNull();
    expect(screen.getByText(/2 of 20 projects/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move down “Autumn kaiseki”' }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Ryokan breakfast',
        'Autumn kaiseki',
      ]),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: ['b', 'a'] });
  });

  it('deletes a project only after a confirmation', async () => {
    const calls = fakePortfolioApi([
      project('a', 'Autumn kaiseki'),
      project('b', 'Ryokan breakfast'),
    ]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Ryokan breakfast”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this project?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(screen.getAllByTestId('portfolio-card')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toContain('/api/portfolio/b');
    expect(screen.queryByText('Ryokan breakfast')).toBeNull();
  });
});
