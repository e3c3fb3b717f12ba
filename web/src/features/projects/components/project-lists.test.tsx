import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/testing/api-and-network';
import type { ProjectSummary } from '../api/projects';
import { OpenProjects } from './project-lists';
import { stubWidthMatches } from '@/testing/media';

const project: ProjectSummary = {
  id: 'p1',
  title: 'Food tour of Lisbon',
  expertise: [{ id: 'chef', name: 'Chef' }],
  applicant_types: ['individual'],
  slots: 2,
  slots_left: 2,
  deadline: '2027-01-10',
  start_date: '2027-01-12',
  end_date: '2027-01-14',
  location: 'Lisbon',
  status: 'open',
  lecturer: { id: 'u9', full_name: 'Lena Lecturer', tagname: 'lena', avatar: null },
  application_count: 0,
  created_at: '2026-12-01T00:00:00Z',
  updated_at: '2026-12-01T00:00:00Z',
};
const page = { data: [project], meta: { total: 1, page: 1, per_page: 20, last_page: 1 } };

const list = () =>
  render(
    <MemoryRouter>
      <OpenProjects
        services={[
          { id: 'chef', name: 'Chef' },
          { id: 'tour-guide', name: 'Tour Guide' },
        ]}
        projectHref={(id) => `/project/${id}`}
      />
    </MemoryRouter>,
  );

describe('<OpenProjects>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('on a phone folds the filters behind a Filters button counting the active ones, the first project visible', async () => {
    stubWidthMatches(false);
    const fetchMock = fakeApi(() => json(200, page));
    list();
    expect(await screen.findByText('Food tour of Lisbon')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Expertise' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters' });

    fireEvent.click(button);
    fireEvent.change(screen.getByLabelText('Expertise'), { target: { value: 'chef' } });
    fireEvent.change(screen.getByLabelText('Who may apply'), { target: { value: 'team' } });
    expect(screen.getByRole('button', { name: 'Filters 2 active' })).toBeTruthy();
    await waitFor(() => {
      const url = String(fetchMock.mock.calls.at(-1)?.[0]);
      expect(url).toContain('expertise=chef');
      expect(url).toContain('type=team');
    });

    fireEvent.click(screen.getByRole('button', { name: 'Filters 2 active' }));
    expect(screen.queryByRole('combobox', { name: 'Expertise' })).toBeNull();
  });

  it('on a wide screen shows the filters with no button', async () => {
    stubWidthMatches(true);
    fakeApi(() => json(200, page));
    list();
    expect(await screen.findByText('Food tour of Lisbon')).toBeTruthy();
    expect(screen.getByLabelText('Deadline on or before')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});
