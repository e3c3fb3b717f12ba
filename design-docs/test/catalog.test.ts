import { describe, expect, it } from 'vitest';
import { runMap } from '../src/testing';
import { source } from './helpers';

describe('catalog/services/views/active/map.js', () => {
  const map = source('catalog/services/views/active/map.js');

  it('emits active services by position then name', () => {
    expect(
      runMap(map, {
        _id: 'service:chef',
        type: 'service',
        status: 'active',
        position: 4,
        name: 'Chef',
      }),
    ).toEqual([[[4, 'Chef'], { name: 'Chef' }]]);
  });

  it('leaves out inactive services and other documents', () => {
    expect(runMap(map, { type: 'service', status: 'inactive', position: 1, name: 'X' })).toEqual(
      [],
    );
    expect(runMap(map, { type: 'gig', status: 'active', position: 1, name: 'X' })).toEqual([]);
  });
});
