import { describe, expect, it } from 'vitest';
import { pointsForRating } from '../../api/src/schemas/reviews';
import { runMap } from '../src/testing';
import { source } from './helpers';

const party = {
  _id: 'party:l1',
  type: 'party',
  leader_id: 'l1',
  name: 'Harbour crew',
  description: '',
  members: [
    { user_id: 'm1', joined_at: '2027-01-01T10:00:00.000Z' },
    { user_id: 'm2', joined_at: '2027-01-02T10:00:00.000Z' },
  ],
  created_at: '2027-01-01T09:00:00.000Z',
  updated_at: '2027-01-02T10:00:00.000Z',
};

const invite = (status: string) => ({
  _id: 'partyinvite:l1:m3',
  type: 'party_invite',
  leader_id: 'l1',
  invitee_id: 'm3',
  status,
  created_at: '2027-01-03T10:00:00.000Z',
  decided_at: null,
});

const standing = (points: number) => ({
  _id: 'standing:tour-guide:u1',
  type: 'standing',
  user_id: 'u1',
  expertise: 'tour-guide',
  points,
  updated_at: '2027-01-03T10:00:00.000Z',
});

describe('projects/party views', () => {
  it('by_member lists each member under their id, not the leader', () => {
    const map = source('projects/party/views/by_member/map.js');
    expect(runMap(map, party)).toEqual([
      ['m1', null],
      ['m2', null],
    ]);
    expect(runMap(map, { ...party, members: [] })).toEqual([]);
    expect(runMap(map, invite('pending'))).toEqual([]);
  });

  it('invites lists pending invitations only, by invitee and time', () => {
    const map = source('projects/party/views/invites/map.js');
    expect(runMap(map, invite('pending'))).toEqual([[['m3', '2027-01-03T10:00:00.000Z'], null]]);
    for (const status of ['accepted', 'declined', 'cancelled'])
      expect(runMap(map, invite(status))).toEqual([]);
    expect(runMap(map, party)).toEqual([]);
  });
});

describe('projects/standings/ranked', () => {
  it('emits [expertise, points, user] for members with points, counted', () => {
    const map = source('projects/standings/views/ranked/map.js');
    expect(runMap(map, standing(40))).toEqual([[['tour-guide', 40, 'u1'], null]]);
    expect(runMap(map, standing(0))).toEqual([]);
    expect(runMap(map, { ...standing(40), type: 'party' })).toEqual([]);
    expect(source('projects/standings/views/ranked/reduce.js')).toBe('_count');
  });
});

describe('projects/points/by_user', () => {
  it('awards pointsForRating per [subject, expertise], summed', () => {
    const map = source('projects/points/views/by_user/map.js');
    for (const rating of [1, 2, 3, 4, 5])
      expect(
        runMap(map, { type: 'project_review', subject_id: 's1', expertise: 'chef', rating }),
      ).toEqual([[['s1', 'chef'], pointsForRating(rating)]]);
    expect(runMap(map, { type: 'review', subject_id: 's1', expertise: 'chef', rating: 5 })).toEqual(
      [],
    );
    expect(runMap(map, project())).toEqual([]);
    expect(source('projects/points/views/by_user/reduce.js')).toBe('_sum');
  });
});

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
  status: 'pending',
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
