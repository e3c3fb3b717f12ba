import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fixtures';
import { signedInForEachTest } from '@/testing/signed-in';
import type { Party, PartyInvite } from '../api/party';
import { MemberParties } from './party-member';

const person = (id: string, full_name: string) => ({ id, full_name, tagname: id, avatar: null });
const LENA = person('lena', 'Lena Leader');
const ME = person('bea', 'Bea Member');

const INVITE: PartyInvite = {
  id: 'i1',
  party: { id: 'p1', name: 'Atlas crew' },
  leader: LENA,
  invitee: ME,
  status: 'pending',
  created_at: '2026-01-02T00:00:00.000Z',
  decided_at: null,
};

const PARTY: Party = {
  id: 'p2',
  name: 'Harbour team',
  description: '',
  leader: LENA,
  members: [{ user: ME, joined_at: '2026-01-03T00:00:00.000Z' }],
  invites: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderMember(invitations: PartyInvite[], parties: Party[]) {
  const onChange = vi.fn();
  render(
    <MemoryRouter>
      <MemberParties invitations={invitations} parties={parties} myId="bea" onChange={onChange} />
    </MemoryRouter>,
  );
  return { onChange };
}

describe('<MemberParties>', () => {
  signedInForEachTest();

  it.each([
    ['Accept', 'accept'],
    ['Decline', 'decline'],
  ])('%s answers the invitation', async (label, answer) => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { invite: INVITE }));
    vi.stubGlobal('fetch', fetchMock);
    const { onChange } = renderMember([INVITE], []);
    fireEvent.click(screen.getByRole('button', { name: `${label} the invitation to Atlas crew` }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/party/invites/i1/${answer}`);
  });

  it('shows a refused answer in the server’s words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        json(409, { message: 'This party is full: it has 5 members.' }),
      ),
    );
    const { onChange } = renderMember([INVITE], []);
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation to Atlas crew' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This party is full: it has 5 members.',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lists the parties the member belongs to, and leaves one after the confirmation', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const { onChange } = renderMember([], [PARTY]);
    expect(screen.getByText('No invitations waiting for your answer.')).toBeTruthy();
    const members = screen.getByRole('list', { name: 'Members of Harbour team' });
    expect(members.textContent).toContain('Lena Leader');
    expect(members.textContent).toContain('You');
    fireEvent.click(screen.getByRole('button', { name: 'Leave Harbour team' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave Harbour team?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/parties/p2/leave');
    expect(init?.method).toBe('POST');
  });
});
