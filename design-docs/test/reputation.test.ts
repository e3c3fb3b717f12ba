import { describe, expect, it } from 'vitest';
import { runMap } from '../src/testing';
import { source } from './helpers';

const order = (fields: Record<string, unknown> = {}) => ({
  _id: 'order:o1',
  type: 'order',
  id: 'o1',
  status: 'in_progress',
  customer_id: 'c1',
  agent_id: 'a1',
  paid_at: '2027-01-01T10:00:00.000Z',
  due_at: '2027-01-03T10:00:00.000Z',
  deliveries: [],
  completed_at: null,
  cancelled_at: null,
  ...fields,
});

describe('market/reputation/views/orders/map.js', () => {
  const map = source('market/reputation/views/orders/map.js');

  it('counts the first delivery by when it came: 1 by the due date, 0 after it', () => {
    const onTime = order({
      status: 'delivered',
      deliveries: [{ at: '2027-01-03T10:00:00.000Z' }, { at: '2027-01-09T10:00:00.000Z' }],
    });
    expect(runMap(map, onTime)).toEqual([[['a1', 'delivery', '2027-01-03T10:00:00.000Z'], 1]]);
    const late = order({ status: 'delivered', deliveries: [{ at: '2027-01-03T10:00:00.001Z' }] });
    expect(runMap(map, late)).toEqual([[['a1', 'delivery', '2027-01-03T10:00:00.001Z'], 0]]);
  });

  it('counts paid orders that ended: 1 cancelled, 0 completed; unpaid ones not at all', () => {
    const at = '2027-01-05T10:00:00.000Z';
    expect(runMap(map, order({ status: 'cancelled', cancelled_at: at }))).toEqual([
      [['a1', 'ended', at], 1],
    ]);
    const done = order({
      status: 'completed',
      completed_at: at,
      deliveries: [{ at: '2027-01-02T10:00:00.000Z' }],
    });
    expect(runMap(map, done)).toEqual([
      [['a1', 'delivery', '2027-01-02T10:00:00.000Z'], 1],
      [['a1', 'ended', at], 0],
    ]);
    expect(
      runMap(map, order({ status: 'cancelled', cancelled_at: at, paid_at: null, due_at: null })),
    ).toEqual([]);
    expect(runMap(map, order({ status: 'in_progress' }))).toEqual([]);
    expect(runMap(map, { _id: 'entry:x', type: 'entry' })).toEqual([]);
    expect(source('market/reputation/views/orders/reduce.js')).toBe('_stats');
  });
});

describe('market/reputation/views/responses/map.js', () => {
  const map = source('market/reputation/views/responses/map.js');
  const record = (fields: Record<string, unknown> = {}) => ({
    _id: 'chatresponse:conv:a1:c1',
    type: 'chat_response',
    agent_id: 'a1',
    customer_id: 'c1',
    customer_first_at: '2027-01-01T10:00:00.000Z',
    agent_first_at: null,
    ...fields,
  });
  const opened = '2027-01-01T10:00:00.000Z';

  it('counts a conversation the customer opened; answered in time within 24 hours', () => {
    expect(runMap(map, record())).toEqual([[['a1', 'opened', opened], 1]]);
    expect(runMap(map, record({ agent_first_at: '2027-01-01T13:00:00.000Z' }))).toEqual([
      [['a1', 'opened', opened], 1],
      [['a1', 'answered', opened], 3],
      [['a1', 'in_time', opened], 1],
    ]);
    expect(runMap(map, record({ agent_first_at: '2027-01-02T16:00:00.000Z' }))).toEqual([
      [['a1', 'opened', opened], 1],
      [['a1', 'answered', opened], 30],
    ]);
  });

  it('leaves out conversations the agent opened', () => {
    expect(runMap(map, record({ agent_first_at: '2027-01-01T09:00:00.000Z' }))).toEqual([]);
    expect(
      runMap(map, record({ customer_first_at: null, agent_first_at: '2027-01-01T09:00:00.000Z' })),
    ).toEqual([]);
    expect(source('market/reputation/views/responses/reduce.js')).toBe('_stats');
  });
});
