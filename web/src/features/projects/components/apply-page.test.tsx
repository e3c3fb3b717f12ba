import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, setToken } from '@/stores/auth';
import { fakeOnlineStatus, json, setOnline } from '@/testing/api-and-network';
import { makeJwt } from '@/testing/fixtures';
import type { PartyResponse, Project } from '../api/projects';
import { ApplyPage } from './apply-page';

const localDb = vi.hoisted(() => ({
  upsertLocalDoc: vi.fn(async () => undefined),
  useLocalDoc: vi.fn(() => null),
}));
vi.mock('@/lib/local-db', () => localDb);

const person = (id: string, name: string) => ({
  id,
  full_name: name,
  tagname: id,
  avatar: null,
});

const project = {
  id: 'p1',
  title: 'Design a food tour of Lisbon',
  description: 'Plan the stops.',
  expertise: [
    { id: 'tour-guide', name: 'Tour Guide' },
    { id: 'chef', name: 'Chef' },
  ],
  applicant_types: ['individual', 'team'],
  applicant_type: 'individual',
  slots: 3,
  slots_left: 3,
  deadline: '2099-03-01',
  start_date: '2099-03-10',
  end_date: '2099-03-12',
  location: 'Lisbon',
  status: 'open',
  lecturer: person('lec', 'Lena Lecturer'),
  user: { tagname: 'lec' },
  application_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  published_at: '2026-01-01T00:00:00Z',
  started_at: null,
  completed_at: null,
  cancelled_at: null,
  actions: ['apply'],
  my_application: null,
} satisfies Project;

function fakeApi(party: PartyResponse) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/project/p1' && (!init?.method || init.method === 'GET'))
      return json(200, { project });
    if (path === '/api/party') return json(200, party);
    if (path === '/api/project/p1/apply')
      return json(201, { application: { id: 'a1', project_title: project.title } });
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const applyCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/project/p1/apply',
  );

const links = {
  tab: (t: string) => `/project/p1/apply/${t}`,
  project: '/project/p1',
  partyLeader: '/party/leader',
};

async function fillAbout() {
  fireEvent.change(await screen.findByLabelText('Why you apply'), {
    target: { value: 'I grew up in Lisbon and love its food markets.' },
  });
  fireEvent.change(screen.getByLabelText(/^Describe (yourself|your team)$/), {
    target: { value: 'Two seasons guiding food walks in Porto.' },
  });
  fireEvent.change(screen.getByLabelText('Your expertise'), { target: { value: 'tour-guide' } });
}

describe('<ApplyPage>', () => {
  beforeEach(() => {
    clearAuth();
    setToken(makeJwt(Date.now() + 30 * 60_000));
    fakeOnlineStatus();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearAuth();
  });

  it('applied offline: kept with a visible "will be sent" state, sent on reconnect', async () => {
    const fetchMock = fakeApi({ leader: null, member: [], invitations: [] });
    const onApplied = vi.fn();
    render(
      <MemoryRouter>
        <ApplyPage projectId="p1" type="individual" links={links} onApplied={onApplied} />
      </MemoryRouter>,
    );
    await fillAbout();
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('apply-waiting')).textContent).toContain(
      'will be sent when you are back online',
    );
    expect(applyCalls(fetchMock)).toHaveLength(0);
    // Kept in the student's database (the form's draft, marked to send).
    await waitFor(() => expect(localDb.upsertLocalDoc).toHaveBeenCalled());
    expect((localDb.upsertLocalDoc.mock.calls.at(-1) as unknown[] | undefined)?.[0]).toBe(
      'draft:apply:p1:individual',
    );

    setOnline(true);
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(applyCalls(fetchMock)[0]![1]?.body))).toEqual({
      type: 'individual',
      apply_reason: 'I grew up in Lisbon and love its food markets.',
      self_describe: 'Two seasons guiding food walks in Porto.',
      expertise: 'tour-guide',
    });
  });

  it("team: the led party's members, ticked with their expertise", async () => {
    const fetchMock = fakeApi({
      leader: {
        id: 'party1',
        name: 'The Tasters',
        description: '',
        leader: person('s1', 'Sam Student'),
        members: [
          { user: person('s2', 'Mia Member'), joined_at: '2026-01-01T00:00:00Z' },
          { user: person('s3', 'Noa Member'), joined_at: '2026-01-01T00:00:00Z' },
        ],
        invites: [],
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
      },
      member: [],
      invitations: [],
    });
    const onApplied = vi.fn();
    render(
      <MemoryRouter>
        <ApplyPage projectId="p1" type="team" links={links} onApplied={onApplied} />
      </MemoryRouter>,
    );
    await fillAbout();
    fireEvent.click(screen.getByRole('button', { name: 'Apply as a team' }));
    expect(await screen.findByText('Choose at least one member of your party.')).toBeTruthy();
    expect(applyCalls(fetchMock)).toHaveLength(0);
    fireEvent.change(await screen.findByLabelText('Expertise of Mia Member'), {
      target: { value: 'chef' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply as a team' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(applyCalls(fetchMock)[0]![1]?.body))).toMatchObject({
      type: 'team',
      expertise: 'tour-guide',
      members: [{ user_id: 's2', expertise: 'chef' }],
    });
  });

  it('team without a party: a link to make one, and no Apply', async () => {
    fakeApi({ leader: null, member: [], invitations: [] });
    render(
      <MemoryRouter>
        <ApplyPage projectId="p1" type="team" links={links} onApplied={vi.fn()} />
      </MemoryRouter>,
    );
    expect(
      (
        await screen.findByRole('link', { name: 'Make your party and invite members' })
      ).getAttribute('href'),
    ).toBe('/party/leader');
    expect(
      (screen.getByRole('button', { name: 'Apply as a team' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
