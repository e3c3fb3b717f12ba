import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShortlistResponse } from '@wayfarer/api/schemas/projects';
import { clearAuth, setToken } from '@/stores/auth';
import { json } from '@/testing/api-and-network';
import { makeJwt } from '@/testing/fixtures';
import { ShortlistPage } from './shortlist-page';

const person = { full_name: 'Sol Soloist', tagname: 'sol', avatar: null };

function shortlist(status: 'pending' | 'accepted', slotsLeft: number): ShortlistResponse {
  return {
    project: {
      id: 'p1',
      title: 'Food tour',
      expertise: [{ id: 'chef', name: 'Chef' }],
      slots: 2,
      slots_left: slotsLeft,
      status: 'open',
    } as ShortlistResponse['project'],
    shortlistIndividual: [
      {
        id: 'a1',
        from_id: 'u1',
        from: person,
        expertise: 'chef',
        apply_reason: 'I cook Portuguese food every day.',
        self_describe: 'A chef in training.',
        user_id: 'u1',
        applicant_type: 'Individual',
        isAccepted: status === 'accepted',
        status,
        created_at: '2026-01-01T00:00:00Z',
      },
    ],
    shortlistTeam: [],
  };
}

describe('<ShortlistPage>', () => {
  beforeEach(() => {
    clearAuth();
    setToken(makeJwt(Date.now() + 30 * 60_000));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearAuth();
  });

  it('accepts with the message, then shows Accepted and one place fewer', async () => {
    let accepted = false;
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
      if (init?.method === 'POST') {
        accepted = true;
        return json(200, { application: { id: 'a1', status: 'accepted' } });
      }
      return json(200, accepted ? shortlist('accepted', 1) : shortlist('pending', 2));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <ShortlistPage
          projectId="p1"
          type="individual"
          links={{
            tab: (t) => `/project/p1/shorlisted/${t}`,
            project: '/project/p1',
            dashboard: '/project/p1/dashboard',
            profile: (tag) => `/@/${tag}/info`,
          }}
        />
      </MemoryRouter>,
    );
    const entry = within(await screen.findByRole('article', { name: 'Applicant Sol Soloist' }));
    expect(screen.getByTestId('shortlist-slots').textContent).toBe('2 places left of 2');
    expect(entry.getByText('Chef')).toBeTruthy();
    fireEvent.change(entry.getByLabelText('Message with your decision (optional)'), {
      target: { value: 'Welcome aboard.' },
    });
    fireEvent.click(entry.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.getByTestId('application-status').textContent).toBe('Accepted'),
    );
    expect(screen.getByTestId('shortlist-slots').textContent).toBe('1 place left of 2');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toContain('/api/project/p1/shortlist/a1/accept');
    expect(JSON.parse(String(post[1]?.body))).toEqual({ message: 'Welcome aboard.' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
