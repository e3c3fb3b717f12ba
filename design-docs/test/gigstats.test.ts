import { describe, expect, it } from 'vitest';
import { runMap } from '../src/testing';
import { source } from './helpers';

describe('catalog/gigstats/views/by_gig/map.js', () => {
  const map = source('catalog/gigstats/views/by_gig/map.js');

  it('emits a day document’s views and number of savers under its gig', () => {
    const day = { _id: 'gigstat:g1:2026-03-07', type: 'gigstat', gig_id: 'g1', views: 4 };
    expect(runMap(map, { ...day, savers: ['u1', 'u2'] })).toEqual([['g1', [4, 2]]]);
    expect(runMap(map, { ...day, views: 0, savers: [] })).toEqual([['g1', [0, 0]]]);
    expect(runMap(map, { _id: 'gig:g1', type: 'gig', id: 'g1', views: 3 })).toEqual([]);
  });

  it('sums the [views, savers] pairs with the built-in _sum (element by element)', () => {
    expect(source('catalog/gigstats/views/by_gig/reduce.js')).toBe('_sum');
  });
});
