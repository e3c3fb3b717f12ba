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

describe('catalog/portfolio/views/by_owner/map.js', () => {
  const map = source('catalog/portfolio/views/by_owner/map.js');
  const project = {
    _id: 'portfolio:p1',
    type: 'portfolio',
    id: 'p1',
    owner_id: 'agent-1',
    position: -2,
    created_at: '2026-03-01T10:00:00.000Z',
  };

  it("emits an agent's projects by owner, then their place, then newest", () => {
    expect(runMap(map, project)).toEqual([[['agent-1', -2, '2026-03-01T10:00:00.000Z'], null]]);
  });

  it('emits the first place (position 0) too', () => {
    expect(runMap(map, { ...project, position: 0 })).toEqual([
      [['agent-1', 0, '2026-03-01T10:00:00.000Z'], null],
    ]);
  });

  it('leaves out gigs and projects without an owner', () => {
    expect(runMap(map, { ...project, type: 'gig' })).toEqual([]);
    expect(runMap(map, { ...project, owner_id: undefined })).toEqual([]);
  });
});
