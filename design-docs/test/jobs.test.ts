import { describe, expect, it } from 'vitest';
import { runMap } from '../src/testing';
import { source } from './helpers';

const job = (fields: Record<string, unknown> = {}) => ({
  _id: 'job:j1',
  type: 'job',
  id: 'j1',
  customer_id: 'c1',
  status: 'open',
  service_id: 'tour-guide',
  title: 'Guides for Lisbon',
  destination: 'Lisbon',
  description: 'The old town.',
  created_at: '2027-01-02T10:00:00.000Z',
  updated_at: '2027-01-02T10:00:00.000Z',
  expires_at: '2027-01-16T10:00:00.000Z',
  expiry_warned_at: null,
  outbox: [],
  ...fields,
});

describe('market/jobs/views/board/map.js', () => {
  const map = source('market/jobs/views/board/map.js');
  it('lists an open job under *, its service and each word, stemmed, without stop words', () => {
    const at = '2027-01-02T10:00:00.000Z';
    expect(runMap(map, job())).toEqual([
      [['*', at], null],
      [['service', 'tour-guide', at], null],
      [['word', 'guide', at], null],
      [['word', 'lisbon', at], null],
      [['word', 'old', at], null],
      [['word', 'town', at], null],
    ]);
  });
  it('lists no closed or expired job', () => {
    expect(runMap(map, job({ status: 'closed' }))).toEqual([]);
    expect(runMap(map, job({ status: 'expired' }))).toEqual([]);
  });
});

describe('market/jobs/views/by_customer/map.js', () => {
  it('keys a job by its customer and when it was posted', () => {
    expect(runMap(source('market/jobs/views/by_customer/map.js'), job())).toEqual([
      [['c1', '2027-01-02T10:00:00.000Z'], null],
    ]);
  });
});

describe('market/jobs/views/offers_by_agent/map.js', () => {
  it('keys an offer by its agent and when it was sent', () => {
    const offer = { _id: 'offer:j1:a1', type: 'offer', agent_id: 'a1', created_at: 'T' };
    expect(runMap(source('market/jobs/views/offers_by_agent/map.js'), offer)).toEqual([
      [['a1', 'T'], null],
    ]);
    expect(runMap(source('market/jobs/views/offers_by_agent/map.js'), job())).toEqual([]);
  });
});

describe('market/jobs/views/due/map.js', () => {
  const map = source('market/jobs/views/due/map.js');
  it('lists an open job 24 hours before its expiry (until warned) and at it', () => {
    expect(runMap(map, job())).toEqual([
      ['2027-01-15T10:00:00.000Z', null],
      ['2027-01-16T10:00:00.000Z', null],
    ]);
    expect(runMap(map, job({ expiry_warned_at: 'x' }))).toEqual([
      ['2027-01-16T10:00:00.000Z', null],
    ]);
    expect(runMap(map, job({ status: 'closed' }))).toEqual([]);
  });
});

describe('market/jobs/views/followup/map.js', () => {
  const map = source('market/jobs/views/followup/map.js');
  it('lists a job with events to publish', () => {
    expect(runMap(map, job())).toEqual([]);
    expect(runMap(map, job({ outbox: [{ id: '1-posted' }] }))).toEqual([
      ['2027-01-02T10:00:00.000Z', null],
    ]);
  });
});

describe('market/jobs/views/saved_searches/map.js', () => {
  const map = source('market/jobs/views/saved_searches/map.js');
  it("keys a saved search by its service, or '*' for any", () => {
    const saved = (query: Record<string, unknown>) => ({
      _id: 'jobsearch:a1:s1',
      type: 'job_search',
      query,
    });
    expect(runMap(map, saved({ service: 'chef' }))).toEqual([['chef', null]]);
    expect(runMap(map, saved({ q: 'kayak' }))).toEqual([['*', null]]);
  });
});
