import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fixtures';
import type { ProfileProject, ProjectSummary } from '../api/projects';
import { ProfileProjects } from './profile-projects';

const person = (id: string, full_name: string) => ({ id, full_name, tagname: id, avatar: null });

const project = (overrides: Partial<ProjectSummary> = {}): ProjectSummary => ({
  id: 'pr1',
  title: 'Old town walking tour',
  expertise: [{ id: 'tour-guide', name: 'Tour Guide' }],
  applicant_types: ['individual'],
  slots: 2,
  slots_left: 0,
  deadline: '2027-03-10',
  start_date: '2027-03-12',
  end_date: '2027-03-14',
  location: 'Lisbon',
  status: 'completed',
  lecturer: person('leo', 'Leo Lecturer'),
  application_count: 2,
  created_at: '2027-01-01T00:00:00.000Z',
  updated_at: '2027-01-01T00:00:00.000Z',
  ...overrides,
});

const stars = (rating: number) => <span>{rating} stars</span>;

function renderFor(role: string, items: ProfileProject[]) {
  const fetchMock = vi.fn<typeof fetch>(async () => json(200, { data: items }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter>
      <ProfileProjects tagname="ada" name="Ada Student" role={role} stars={stars} />
    </MemoryRouter>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<ProfileProjects>', () => {
  it('lists a student’s completed projects with the review each earned, linking to the project', async () => {
    const fetchMock = renderFor('Student', [
      {
        project: project(),
        review: {
          id: 'r1',
          project: { id: 'pr1', title: 'Old town walking tour' },
          subject: person('ada', 'Ada Student'),
          reviewer: person('leo', 'Leo Lecturer'),
          rating: 5,
          comment: 'A superb guide.',
          expertise: 'tour-guide',
          points: 50,
          created_at: '2027-03-15T00:00:00.000Z',
        },
      },
      { project: project({ id: 'pr2', title: 'Harbour food trail' }), review: null },
    ]);
    const items = await screen.findAllByTestId('profile-project');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/users/ada/projects');
    expect(screen.getByRole('heading', { name: 'Completed projects' })).toBeTruthy();
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/project/pr1');
    const review = within(items[0]!).getByTestId('project-review');
    expect(review.textContent).toContain('5 stars');
    expect(review.textContent).toContain('+50 Points in Tour Guide');
    expect(review.textContent).toContain('A superb guide.');
    expect(review.textContent).toContain('Leo Lecturer');
    expect(within(items[1]!).queryByTestId('project-review')).toBeNull();
  });

  it('lists a lecturer’s projects with what they still take', async () => {
    renderFor('Lecturer', [
      { project: project({ status: 'open', slots: 3, slots_left: 2 }), review: null },
    ]);
    const item = await screen.findByTestId('profile-project');
    expect(screen.getByRole('heading', { name: 'Projects posted' })).toBeTruthy();
    expect(item.textContent).toContain('Open');
    expect(item.textContent).toContain('2 of 3 places left');
  });

  it('says when there is nothing yet', async () => {
    renderFor('Student', []);
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(
      screen.getByText(
        'Projects Ada Student completes will be listed here with the lecturer’s review.',
      ),
    ).toBeTruthy();
  });
});
