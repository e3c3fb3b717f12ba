import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, setToken } from '@/stores/auth';
import { json } from '@/testing/api-and-network';
import { makeJwt } from '@/testing/fixtures';
import type { Project } from '../api/projects';
import { applyBlocker, ProjectPage } from './project-page';

const base: Project = {
  id: 'p1',
  title: 'Design a food tour of Lisbon',
  description: 'Plan the **stops**.',
  expertise: [{ id: 'chef', name: 'Chef' }],
  applicant_types: ['individual'],
  applicant_type: 'individual',
  slots: 2,
  slots_left: 1,
  deadline: '2099-03-01',
  start_date: '2099-03-10',
  end_date: '2099-03-12',
  location: null,
  status: 'open',
  lecturer: { id: 'lec', full_name: 'Lena Lecturer', tagname: 'lena', avatar: null },
  user: { tagname: 'lena' },
  application_count: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  published_at: '2026-01-01T00:00:00Z',
  started_at: null,
  completed_at: null,
  cancelled_at: null,
  actions: [],
  my_application: null,
};

const links = {
  edit: (id: string) => `/project/${id}/edit-post`,
  apply: (id: string) => `/project/${id}/apply/individual`,
  shortlist: (id: string) => `/project/${id}/shorlisted/individual`,
  dashboard: (id: string) => `/project/${id}/dashboard`,
  review: (id: string) => `/project/${id}/review`,
  profile: (tagname: string) => `/@/${tagname}/info`,
};

function show(project: Project, role: string | null, viewerId: string | null = null) {
  const fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
    init?.method === 'POST'
      ? json(200, { project: { ...project, status: 'cancelled' } })
      : json(200, { project }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter>
      <ProjectPage
        projectId={project.id}
        links={links}
        viewerRole={role}
        viewerId={viewerId}
        saveButton={() => <button type="button">Save to Project Box</button>}
      />
    </MemoryRouter>,
  );
  return fetchMock;
}

describe('<ProjectPage>', () => {
  beforeEach(() => {
    clearAuth();
    setToken(makeJwt(Date.now() + 30 * 60_000));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearAuth();
  });

  it('a student who may apply gets the Apply link; the facts and the brief show', async () => {
    show({ ...base, actions: ['apply'] }, 'Student');
    expect((await screen.findByRole('link', { name: 'Apply' })).getAttribute('href')).toBe(
      '/project/p1/apply/individual',
    );
    expect(screen.getByTestId('project-slots').textContent).toBe('1 of 2');
    expect(screen.getByText('Remote')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lena Lecturer' }).getAttribute('href')).toBe(
      '/@/lena/info',
    );
    expect(screen.getByText('stops').tagName).toBe('STRONG');
  });

  it('anyone else sees Apply disabled with the reason', async () => {
    show(base, 'Customer');
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('apply-blocker').textContent).toBe(
      'Only Students can apply to projects.',
    );
  });

  it('the reasons a student may not apply', () => {
    expect(applyBlocker({ ...base, status: 'in_progress' }, 'Student')).toBe(
      'Applications are closed.',
    );
    expect(applyBlocker({ ...base, deadline: '2020-01-01' }, 'Student')).toBe(
      'Applications are closed.',
    );
    expect(applyBlocker({ ...base, slots_left: 0 }, 'Student')).toBe('Every place is taken.');
    expect(applyBlocker({ ...base, actions: ['apply'] }, 'Student')).toBeNull();
  });

  it('a cancelled project (no actions) does not tell its lecturer that only Students apply', async () => {
    show({ ...base, status: 'cancelled', actions: [] }, 'Lecturer', 'lec');
    await screen.findByRole('heading', { name: base.title });
    expect(screen.queryByTestId('apply-blocker')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    cleanup();
    show({ ...base, status: 'cancelled', actions: [] }, 'Lecturer', 'someone-else');
    expect((await screen.findByTestId('apply-blocker')).textContent).toBe(
      'Only Students can apply to projects.',
    );
  });

  it("the lecturer's actions follow project.actions; cancelling asks first", async () => {
    const fetchMock = show(
      { ...base, actions: ['edit', 'shortlist', 'cancel'] },
      'Lecturer',
      'lec',
    );
    const manage = within(await screen.findByRole('region', { name: 'Manage' }));
    expect(manage.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/project/p1/edit-post',
    );
    expect(manage.getByRole('link', { name: 'Shortlist (4)' })).toBeTruthy();
    expect(manage.queryByRole('button', { name: 'Start the project' })).toBeNull();
    fireEvent.click(manage.getByRole('button', { name: 'Cancel the project' }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) =>
            init?.method === 'POST' && String(input).endsWith('/project/p1/cancel'),
        ),
      ).toBe(true),
    );
  });
});
