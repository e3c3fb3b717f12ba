import { beforeEach, describe, expect, it } from 'vitest';
import { makePublicUser } from '@/testing/fixtures';
import type { ShortlistResponse } from '@/types/api';
import {
  pageStore,
  resetPage,
  setCv,
  setInbox,
  setNotifications,
  setParty,
  setProjectBox,
  setShortlist,
  setVisitedUser,
  setWishlists,
} from './page';

const person = { full_name: 'Bo Student', tagname: 'bo', avatar: null };

const shortlist: ShortlistResponse = {
  shortlistIndividual: [
    {
      id: 'a1',
      from_id: 'u2',
      from: person,
      expertise: 'Photographer',
      apply_reason: 'I shoot weddings.',
      self_describe: 'Patient.',
    },
  ],
  shortlistTeam: [
    {
      id: 'a2',
      from_id: 'u3',
      leader_id: 'u3',
      apply_reason: 'We plan events.',
      self_describe: 'Three of us.',
      applicant_team_members: [{ id: 'm1', member: { id: 'u4', ...person }, expertise: 'Chef' }],
    },
  ],
  project: { id: 'p1', title: 'Field trip' },
};

describe('page store', () => {
  beforeEach(() => resetPage());

  it('starts empty, with lists as empty arrays', () => {
    expect(pageStore).toEqual({
      user: null,
      inbox: [],
      projectBox: [],
      shortlist: null,
      party: null,
      cv: null,
      wishlists: [],
      notifications: [],
    });
  });

  it('stores the visited user, lists, party and cv', () => {
    setVisitedUser(makePublicUser({ id: 'u2', tagname: 'bo', role: 'Student', full_name: 'Bo' }));
    setInbox([{ id: 'c1' }]);
    setProjectBox([{ id: 'pb1' }]);
    setParty({ leader: { id: 'party1', members: [{ id: 'u4' }] }, member: null });
    setCv('/files/cv.pdf');
    setWishlists([{ id: 'w1' }]);
    setNotifications([{ id: 'n1' }, { id: 'n2' }]);
    expect(pageStore.user?.tagname).toBe('bo');
    expect(pageStore.inbox).toEqual([{ id: 'c1' }]);
    expect(pageStore.projectBox).toEqual([{ id: 'pb1' }]);
    expect(pageStore.party?.leader?.members).toHaveLength(1);
    expect(pageStore.cv).toBe('/files/cv.pdf');
    expect(pageStore.wishlists).toEqual([{ id: 'w1' }]);
    expect(pageStore.notifications).toHaveLength(2);
  });

  it('presents shortlist applicants with their type, not accepted yet', () => {
    setShortlist(shortlist);
    const [individual] = pageStore.shortlist?.individual ?? [];
    const [team] = pageStore.shortlist?.team ?? [];
    expect(individual).toMatchObject({
      id: 'a1',
      user_id: 'u2',
      applicant_type: 'Individual',
      isAccepted: false,
      from: person,
    });
    expect(team).toMatchObject({ id: 'a2', applicant_type: 'Team', isAccepted: false });
    expect(pageStore.shortlist?.project).toEqual({ id: 'p1', title: 'Field trip' });
    setShortlist(null);
    expect(pageStore.shortlist).toBeNull();
  });

  it('resets everything (logout)', () => {
    setInbox([{ id: 'c1' }]);
    setCv('x');
    resetPage();
    expect(pageStore.inbox).toEqual([]);
    expect(pageStore.cv).toBeNull();
  });
});
