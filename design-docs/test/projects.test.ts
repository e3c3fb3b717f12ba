import { describe, expect, it } from 'vitest';
import { pointsForRating } from '../../api/src/schemas/reviews';
import { runMap } from '../src/testing';
import { source } from './helpers';

const at = '2027-01-02T10:00:00.000Z';
const project = (fields: Record<string, unknown> = {}) => ({
  _id: 'project:p1',
  type: 'project',
  id: 'p1',
  lecturer_id: 'l1',
  status: 'open',
  expertise: ['tour-guide', 'photographer'],
  created_at: at,
  updated_at: '2027-01-03T10:00:00.000Z',
  outbox: [],
  ...fields,
});
const application = (fields: Record<string, unknown> = {}) => ({
  _id: 'application:p1:t:s1',
  type: 'application',
  id: 'p1:t:s1',
  lecturer_id: 'l1',
  member_ids: ['s1', 's2'],
  created_at: at,
  ...fields,
});

describe('projects/projects/views/open/map.js', () => {
  const map = source('projects/projects/views/open/map.js');
  it('lists an open project under * and each expertise, by when it was posted', () => {
    expect(runMap(map, project())).toEqual([
      [['*', at], null],
      [['expertise', 'tour-guide', at], null],
      [['expertise', 'photographer', at], null],
    ]);
  });
  it('lists no draft, started, completed or cancelled project, nor other documents', () => {
    for (const status of ['draft', 'in_progress', 'completed', 'cancelled'])
      expect(runMap(map, project({ status }))).toEqual([]);
    expect(runMap(map, application())).toEqual([]);
  });
});

describe('projects/projects/views/by_lecturer/map.js', () => {
  it('keys every project of a lecturer, in any status, by when it was posted', () => {
    const map = source('projects/projects/views/by_lecturer/map.js');
    expect(runMap(map, project({ status: 'draft' }))).toEqual([[['l1', at], null]]);
    expect(runMap(map, application())).toEqual([]);
  });
});

describe('projects/projects/views/applications_by_member/map.js', () => {
  it('keys an application by each student in it, with the lecturer as the value', () => {
    const map = source('projects/projects/views/applications_by_member/map.js');
    expect(runMap(map, application())).toEqual([
      [['s1', at], 'l1'],
      [['s2', at], 'l1'],
    ]);
    expect(runMap(map, project())).toEqual([]);
  });
});

describe('projects/projects/views/followup/map.js', () => {
  it('lists a project with events to publish', () => {
    const map = source('projects/projects/views/followup/map.js');
    expect(runMap(map, project())).toEqual([]);
    expect(runMap(map, project({ outbox: [{ id: '1-created' }] }))).toEqual([
      ['2027-01-03T10:00:00.000Z', null],
    ]);
  });
});

describe('projects/points/views/by_user/map.js', () => {
  const map = source('projects/points/views/by_user/map.js');
  it('awards a project review’s points to its subject for the expertise they applied with', () => {
    for (const rating of [1, 2, 3, 4, 5])
      expect(
        runMap(map, {
          _id: 'project_review:p1:s1',
          type: 'project_review',
          subject_id: 's1',
          expertise: 'photographer',
          rating,
        }),
      ).toEqual([[['s1', 'photographer'], pointsForRating(rating)]]);
    expect(runMap(map, project())).toEqual([]);
  });
  it('sums with the built-in reduce', () => {
    expect(source('projects/points/views/by_user/reduce.js')).toBe('_sum');
  });
});
