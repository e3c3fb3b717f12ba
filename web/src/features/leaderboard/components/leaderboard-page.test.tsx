import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fixtures';
import type { LeaderboardResponse } from '../api/leaderboard';
import { LeaderboardPage } from './leaderboard-page';

const SERVICES = [
  { id: 'tour-guide', name: 'Tour Guide' },
  { id: 'chef', name: 'Chef' },
];

const entry = (rank: number, tagname: string, full_name: string, points: number) => ({
  rank,
  user: { tagname, full_name, avatar: null },
  points,
});

const answer = (
  overrides: Partial<LeaderboardResponse['meta']> = {},
  data = [
    entry(1, 'ada', 'Ada Student', 50),
    entry(2, 'ben', 'Ben Student', 30),
    entry(2, 'cy', 'Cy Student', 30),
  ],
): LeaderboardResponse => ({
  data,
  meta: {
    page: 1,
    per_page: 20,
    total: data.length,
    last_page: 1,
    expertise: 'chef',
    me: null,
    ...overrides,
  },
});

function renderAt(url: string, viewer: { tagname: string | null } | null) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <LeaderboardPage expertise={SERVICES} viewer={viewer} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<LeaderboardPage>', () => {
  it('asks for the expertise and page of the URL, ranks the members and pins the viewer’s rank', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json(200, answer({ me: { rank: 2, points: 30 }, last_page: 3, page: 2 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/leaderboard?expertise=chef&page=2', { tagname: 'ben' });
    const list = await screen.findByRole('list', { name: 'Ranks in Chef' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/leaderboard?expertise=chef&page=2');
    const rows = within(list).getAllByTestId('leaderboard-row');
    // Rank, name, tag name and points (the initials are drawn by CSS).
    expect(rows.map((row) => row.textContent)).toEqual([
      'Rank 1Ada Student@ada50 Points',
      'Rank 2Ben StudentYou@ben30 Points',
      'Rank 2Cy Student@cy30 Points',
    ]);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(within(rows[0]!).getByRole('link', { name: '@ada' }).getAttribute('href')).toBe(
      '/@/ada/info',
    );
    expect(screen.getByTestId('leaderboard-me').textContent).toBe(
      'Your rank in Chef: #2 with 30 Points',
    );
    expect(screen.getByRole('link', { name: 'Chef' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Tour Guide' }).getAttribute('href')).toBe(
      '/leaderboard?expertise=tour-guide',
    );
    const pager = screen.getByRole('navigation', { name: 'Pages of the leaderboard' });
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/leaderboard?expertise=chef&page=3',
    );
  });

  it('opens on the first expertise; a signed-in member without points reads 0 Points, a guest nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json(200, answer({ expertise: 'tour-guide' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/leaderboard', { tagname: 'zed' });
    expect((await screen.findByTestId('leaderboard-me')).textContent).toContain(
      'You have 0 Points in Tour Guide',
    );
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/leaderboard?expertise=tour-guide&page=1',
    );
    cleanup();
    renderAt('/leaderboard', null);
    await screen.findByRole('list', { name: 'Ranks in Tour Guide' });
    expect(screen.queryByTestId('leaderboard-me')).toBeNull();
  });

  it('says when nobody has points yet, and when the ranks cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(200, answer({}, []))),
    );
    renderAt('/leaderboard?expertise=chef', null);
    expect(await screen.findByText('No one has points in Chef yet')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(500, { message: 'Boom.' })),
    );
    renderAt('/leaderboard?expertise=chef', null);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Boom.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
