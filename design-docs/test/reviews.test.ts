import { describe, expect, it } from 'vitest';
import { pointsForRating } from '../../api/src/schemas/reviews';
import { runMap } from '../src/testing';
import { source } from './helpers';

const review = (fields: Record<string, unknown> = {}) => ({
  _id: 'review:o1-customer',
  type: 'review',
  id: 'o1-customer',
  order_id: 'o1',
  author_role: 'customer',
  author_id: 'c1',
  subject_id: 'a1',
  gig: { id: 'g1', title: 'Walk', service_id: 'tour-guide' },
  rating: 4,
  communication: 5,
  as_described: 3,
  would_recommend: true,
  status: 'published',
  published_at: '2027-01-02T10:00:00.000Z',
  updated_at: '2027-01-02T10:00:00.000Z',
  helpful_count: 2,
  report_count: 0,
  hidden: null,
  ...fields,
});

describe('market/reviews views', () => {
  it('stats sums [count, rating, 1..5 stars, communication, as described, recommend, customer]', () => {
    const map = source('market/reviews/views/stats/map.js');
    const value = [1, 4, 0, 0, 0, 1, 0, 5, 3, 1, 1];
    expect(runMap(map, review())).toEqual([
      [['gig', 'g1'], value],
      [['user', 'a1', 'agent'], value],
    ]);
    // The agent's review of the customer counts for the customer only, not for the gig.
    expect(
      runMap(
        map,
        review({
          author_role: 'agent',
          subject_id: 'c1',
          rating: 5,
          communication: null,
          as_described: null,
          would_recommend: null,
        }),
      ),
    ).toEqual([
      [
        ['user', 'c1', 'customer'],
        [1, 5, 0, 0, 0, 0, 1, 0, 0, 0, 0],
      ],
    ]);
    expect(source('market/reviews/views/stats/reduce.js')).toBe('_sum');
  });

  it('pending and hidden reviews are in no list, figure or points', () => {
    for (const view of ['stats', 'listed', 'points']) {
      const map = source(`market/reviews/views/${view}/map.js`);
      expect(runMap(map, review({ status: 'pending', published_at: null })), view).toEqual([]);
      expect(runMap(map, review({ hidden: { note: 'x', at: 'y', by: 'z' } })), view).toEqual([]);
      expect(runMap(map, review()).length, view).toBeGreaterThan(0);
    }
  });

  it('points follow the one rule of the contract (pointsForRating)', () => {
    const map = source('market/reviews/views/points/map.js');
    for (const rating of [1, 2, 3, 4, 5])
      expect(runMap(map, review({ rating }))).toEqual([
        [['a1', 'tour-guide'], pointsForRating(rating)],
      ]);
    expect(runMap(map, review({ author_role: 'agent', subject_id: 'c1' }))).toEqual([]);
  });

  it('listed orders a gig and a member by newest and by helpful count', () => {
    const at = '2027-01-02T10:00:00.000Z';
    expect(runMap(source('market/reviews/views/listed/map.js'), review())).toEqual([
      [['gig', 'g1', 'newest', at], null],
      [['gig', 'g1', 'helpful', 2, at], null],
      [['user', 'a1', 'agent', 'newest', at], null],
      [['user', 'a1', 'agent', 'helpful', 2, at], null],
      [['user', 'a1', '*', 'newest', at], null],
      [['user', 'a1', '*', 'helpful', 2, at], null],
    ]);
  });

  it('due lists a window by its next step; a closed window is gone', () => {
    const map = source('market/reviews/views/due/map.js');
    const window = { _id: 'reviewwindow:o1', type: 'review_window', next_at: '2027-01-13' };
    expect(runMap(map, window)).toEqual([['2027-01-13', null]]);
    expect(runMap(map, { ...window, next_at: null })).toEqual([]);
  });

  it('admin lists reported reviews until hidden, never pending ones', () => {
    const map = source('market/reviews/views/admin/map.js');
    const reported = review({ report_count: 1, reported_at: '2027-01-03' });
    expect(runMap(map, reported).map(([key]) => (key as string[])[0])).toEqual([
      '*',
      'published',
      'reported',
    ]);
    const hidden = review({ report_count: 1, hidden: { note: 'n', at: '2027-01-04', by: 'x' } });
    expect(runMap(map, hidden).map(([key]) => (key as string[])[0])).toEqual(['*', 'hidden']);
    expect(runMap(map, review({ status: 'pending' }))).toEqual([]);
  });

  it('followup lists a review whose gig has not followed or whose author was not told yet', () => {
    const map = source('market/reviews/views/followup/map.js');
    expect(runMap(map, review({ gig_sync: true }))).toEqual([['2027-01-02T10:00:00.000Z', null]]);
    expect(runMap(map, review({ notify_published: true }))).toEqual([
      ['2027-01-02T10:00:00.000Z', null],
    ]);
    expect(runMap(map, review({ gig_sync: false, notify_published: false }))).toEqual([]);
  });

  it('votes and reports are counted by review; points and the admin lists by the built-ins', () => {
    const votes = source('market/reviews/views/votes/map.js');
    expect(
      runMap(votes, { _id: 'review_helpful:r1:u1', type: 'review_helpful', review_id: 'r1' }),
    ).toEqual([['r1', null]]);
    expect(runMap(votes, review())).toEqual([]);
    const reports = source('market/reviews/views/reports/map.js');
    const report = { _id: 'review_report:r1:u1', type: 'review_report', review_id: 'r1', at: 't' };
    expect(runMap(reports, report)).toEqual([[['r1', 't'], null]]);
    expect(runMap(reports, review())).toEqual([]);
    expect(source('market/reviews/views/votes/reduce.js')).toBe('_count');
    expect(source('market/reviews/views/reports/reduce.js')).toBe('_count');
    expect(source('market/reviews/views/admin/reduce.js')).toBe('_count');
    expect(source('market/reviews/views/points/reduce.js')).toBe('_sum');
  });
});
