import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fixtures';
import { signedInForEachTest } from '@/testing/signed-in';
import type { Party } from '../api/party';
import { LeaderParty } from './party-leader';

const person = (id: string, full_name: string, tagname: string) => ({
  id,
  full_name,
  tagname,
  avatar: null,
});
const LEADER = person('u1', 'Lena Leader', 'lena');
const BEA = person('u2', 'Bea Member', 'bea');

const party = (overrides: Partial<Party> = {}): Party => ({
  id: 'p1',
  name: 'Atlas crew',
  description: 'Walking tours.',
  leader: LEADER,
  members: [],
  invites: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function renderParty(value: Party, readOnly = false) {
  const onChange = vi.fn();
  render(
    <MemoryRouter>
      <LeaderParty party={value} onChange={onChange} readOnly={readOnly} />
    </MemoryRouter>,
  );
  return { onChange };
}

const invite = (tagname: string) => {
  fireEvent.change(screen.getByLabelText('Tag name'), { target: { value: tagname } });
  fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
};

describe('<LeaderParty>', () => {
  signedInForEachTest();

  it('invites by tag name without the @ and in lower case, then reloads the party', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json(201, {
        invite: {
          id: 'i1',
          party: { id: 'p1', name: 'Atlas crew' },
          leader: LEADER,
          invitee: BEA,
          status: 'pending',
          created_at: '2026-01-02T00:00:00.000Z',
          decided_at: null,
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onChange } = renderParty(party());
    invite(' @Bea ');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/party/invites');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ tagname: 'bea' });
    expect((screen.getByLabelText('Tag name') as HTMLInputElement).value).toBe('');
  });

  it.each([
    [
      404,
      { message: 'Nobody has that tag name.' },
      'No member has the tag name @ghost. Check the spelling and try again.',
    ],
    [
      409,
      { message: '@ghost already has an invitation waiting.' },
      '@ghost already has an invitation waiting.',
    ],
    [
      422,
      {
        message: 'There were some problems with your input.',
        errors: { tagname: ['Only students can join a party.'] },
      },
      'Only students can join a party.',
    ],
  ])('says why an invitation was refused (%i) under the field', async (status, body, text) => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(status, body)),
    );
    const { onChange } = renderParty(party());
    invite('@Ghost');
    const error = await screen.findByText(text);
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Tag name').getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('removes a member only after the confirmation', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { party: party() }));
    vi.stubGlobal('fetch', fetchMock);
    const { onChange } = renderParty(
      party({ members: [{ user: BEA, joined_at: '2026-01-03T00:00:00.000Z' }] }),
    );
    expect(screen.getByTestId('member-count').textContent).toBe('(1 of 5)');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bea Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Bea Member?' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/party/members/u2');
    expect(init?.method).toBe('DELETE');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a refused removal in the dialog, in the server’s words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(404, { message: 'No such member of your party.' })),
    );
    const { onChange } = renderParty(
      party({ members: [{ user: BEA, joined_at: '2026-01-03T00:00:00.000Z' }] }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bea Member' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('No such member of your party.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lists pending invitations with cancel, and stops inviting when the party is full', () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const members = [1, 2, 3, 4, 5].map((n) => ({
      user: person(`m${n}`, `Member ${n}`, `m${n}`),
      joined_at: '2026-01-03T00:00:00.000Z',
    }));
    renderParty(
      party({
        members,
        invites: [
          {
            id: 'i1',
            party: { id: 'p1', name: 'Atlas crew' },
            leader: LEADER,
            invitee: BEA,
            status: 'pending',
            created_at: '2026-01-02T00:00:00.000Z',
            decided_at: null,
          },
        ],
      }),
    );
    expect(screen.getByTestId('member-count').textContent).toBe('(5 of 5)');
    expect(screen.queryByLabelText('Tag name')).toBeNull();
    expect(screen.getByText(/Your party is full/)).toBeTruthy();
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('Bea Member')).toBeTruthy();
    expect(
      within(pending).getByRole('button', { name: 'Cancel the invitation of Bea Member' }),
    ).toBeTruthy();
  });

  it('shows the device copy without its actions, which need a connection', () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    renderParty(
      party({
        members: [{ user: BEA, joined_at: '2026-01-03T00:00:00.000Z' }],
        invites: [
          {
            id: 'i1',
            party: { id: 'p1', name: 'Atlas crew' },
            leader: LEADER,
            invitee: person('u3', 'Cy Invited', 'cy'),
            status: 'pending',
            created_at: '2026-01-02T00:00:00.000Z',
            decided_at: null,
          },
        ],
      }),
      true,
    );
    expect(screen.getByText('Bea Member')).toBeTruthy();
    expect(screen.getByText('Cy Invited')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Tag name')).toBeNull();
  });
});
