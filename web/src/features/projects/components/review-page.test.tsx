import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDashboard, ProjectReview } from '@wayfarer/api/schemas/projects';
import { clearAuth, setToken } from '@/stores/auth';
import { makeJwt } from '@/testing/fixtures';
import { ReviewPage } from './review-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const sol = { id: 'u1', full_name: 'Sol Soloist', tagname: 'sol', avatar: null };

const dashboard = {
  project: {
    id: 'p1',
    title: 'Food tour',
    status: 'completed',
    expertise: [{ id: 'chef', name: 'Chef' }],
  },
  participants: [
    {
      user: sol,
      expertise: 'chef',
      application_id: 'a1',
      type: 'individual',
      team: null,
      review: null,
    },
  ],
  teams: [],
  pending_count: 0,
} as unknown as ProjectDashboard;

const renderPage = () =>
  render(
    <MemoryRouter>
      <ReviewPage projectId="p1" links={{ project: '/project/p1', profile: (t) => `/@/${t}` }} />
    </MemoryRouter>,
  );

describe('<ReviewPage>', () => {
  beforeEach(() => {
    clearAuth();
    setToken(makeJwt(Date.now() + 30 * 60_000));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearAuth();
  });

  it('says what is missing under each field, then sends the stars and the comment', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (_input, init) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return json(201, {
            review: {
              id: 'r1',
              rating: 4,
              comment: 'Prepared and kind.',
              points: 8,
            } as ProjectReview,
          });
        }
        return json(200, dashboard);
      }),
    );
    renderPage();
    const entry = await screen.findByRole('article', { name: 'Review of Sol Soloist' });
    fireEvent.click(within(entry).getByRole('button', { name: 'Review Sol Soloist' }));
    expect(await within(entry).findByText('Rate from 1 to 5 stars.')).toBeTruthy();
    expect(within(entry).getByRole('group', { name: 'Rating' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    const comment = within(entry).getByLabelText('Comment');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(within(entry).getByText('Write at least 10 characters.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(within(entry).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(comment, { target: { value: ' Prepared and kind. ' } });
    fireEvent.click(within(entry).getByRole('button', { name: 'Review Sol Soloist' }));
    await waitFor(() => expect(within(entry).getByTestId('review-made')).toBeTruthy());
    expect(sent).toEqual([{ user_id: 'u1', rating: 4, comment: 'Prepared and kind.' }]);
    expect(within(entry).getByRole('img', { name: '4.0 out of 5 stars' })).toBeTruthy();
    expect(within(entry).getByText('8 points')).toBeTruthy();
  });
});
