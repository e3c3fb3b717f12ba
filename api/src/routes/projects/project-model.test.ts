import { describe, expect, it } from 'vitest';
import {
  deadlinePassed,
  projectOfApplication,
  takesApplications,
  toApplication,
  toProject,
  type ApplicationDoc,
  type ProjectDoc,
} from './project-model';

const person = { id: 's1', full_name: 'Mei Lin', tagname: 'mei_lin', avatar: null };
const project = (fields: Partial<ProjectDoc> = {}): ProjectDoc => ({
  _id: 'project:p1',
  type: 'project',
  id: 'p1',
  lecturer_id: 'l1',
  lecturer: { ...person, id: 'l1' },
  title: 'A walking tour',
  description: 'The old port.',
  expertise: ['tour-guide'],
  applicant_types: ['individual'],
  slots: 2,
  deadline: '2027-03-14',
  start_date: '2027-03-20',
  end_date: '2027-03-25',
  location: null,
  status: 'open',
  accepted: [],
  application_count: 0,
  created_at: '2027-03-01T00:00:00.000Z',
  updated_at: '2027-03-01T00:00:00.000Z',
  published_at: '2027-03-01T00:00:00.000Z',
  started_at: null,
  completed_at: null,
  cancelled_at: null,
  history: [],
  outbox: [],
  seq: 1,
  ...fields,
});
const app = (fields: Partial<ApplicationDoc> = {}): ApplicationDoc => ({
  _id: 'application:p1:u:s1',
  type: 'application',
  id: 'p1:u:s1',
  project_id: 'p1',
  project_title: 'A walking tour',
  lecturer_id: 'l1',
  applicant_type: 'individual',
  applicant_id: 's1',
  applicant: person,
  party: null,
  expertise: 'tour-guide',
  members: [],
  member_ids: ['s1'],
  apply_reason: 'Because.',
  self_describe: 'Me.',
  status: 'pending',
  decision_message: null,
  created_at: '2027-03-02T00:00:00.000Z',
  updated_at: '2027-03-02T00:00:00.000Z',
  decided_at: null,
  history: [],
  ...fields,
});

describe('the deadline', () => {
  it('closes applications at the end of the deadline day, UTC', () => {
    expect(deadlinePassed('2027-03-14', new Date('2027-03-14T23:59:59.999Z'))).toBe(false);
    expect(deadlinePassed('2027-03-14', new Date('2027-03-15T00:00:00.000Z'))).toBe(true);
    expect(takesApplications(project(), new Date('2027-03-14T12:00:00.000Z'))).toBe(true);
    expect(takesApplications(project({ status: 'draft' }), new Date('2027-03-10'))).toBe(false);
  });
});

describe('application ids', () => {
  it('name their project', () => {
    expect(projectOfApplication('p1:u:s1')).toBe('p1');
    expect(projectOfApplication('p1:t:s1')).toBe('p1');
    expect(projectOfApplication('p1:x:s1')).toBeNull();
    expect(projectOfApplication('p1')).toBeNull();
  });
});

describe('showing', () => {
  const now = new Date('2027-03-05T00:00:00.000Z');
  it("the project's accepted list decides an application's status", () => {
    expect(toApplication(app(), project({ accepted: ['p1:u:s1'] })).status).toBe('accepted');
    expect(toApplication(app(), project()).status).toBe('pending');
  });
  it('actions follow the viewer, the state and the places left', () => {
    const student = { id: 's2', role: 'Student' };
    expect(toProject(project(), new Map(), student, null, now).actions).toEqual(['apply']);
    expect(
      toProject(project({ accepted: ['a', 'b'] }), new Map(), student, null, now).actions,
    ).toEqual([]);
    expect(
      toProject(project(), new Map(), { id: 's1', role: 'Student' }, app(), now).actions,
    ).toEqual(['withdraw']);
    expect(
      toProject(project(), new Map(), { id: 'c1', role: 'Customer' }, null, now).actions,
    ).toEqual([]);
    expect(
      toProject(
        project({ accepted: ['p1:u:s1'] }),
        new Map(),
        { id: 'l1', role: 'Lecturer' },
        null,
        now,
      ).actions,
    ).toEqual(['edit', 'shortlist', 'dashboard', 'start', 'cancel']);
    expect(
      toProject(project(), new Map([['tour-guide', 'Tour Guide']]), null, null, now).expertise,
    ).toEqual([{ id: 'tour-guide', name: 'Tour Guide' }]);
  });
});
