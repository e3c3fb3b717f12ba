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
  gig: { id: 'g1', title: 'Walk', service_id: 'tour-guide' },
  updated_at: '2027-01-02T10:00:00.000Z',
  expires_at: null,
  auto_complete_at: null,
  outbox: [],
  payment: null,
  ...fields,
});

describe('market/ledger/views/by_account/map.js', () => {
  const map = source('market/ledger/views/by_account/map.js');

  it('adds an entry to the account it goes to and takes it from the one it comes from', () => {
    const entry = {
      _id: 'entry:o1:payment',
      type: 'entry',
      from: 'card:c1',
      to: 'escrow:c1',
      currency: 'USD',
      amount: 7500,
      clears_at: null,
    };
    expect(runMap(map, entry)).toEqual([
      [['escrow:c1', 'USD', ''], 7500],
      [['card:c1', 'USD', ''], -7500],
    ]);
  });

  it('keys a release by when it clears, so pending and available are two ranges', () => {
    const release = {
      _id: 'entry:o1:release',
      type: 'entry',
      from: 'escrow:c1',
      to: 'agent:a1',
      currency: 'USD',
      amount: 6750,
      clears_at: '2027-01-09T10:00:00.000Z',
    };
    expect(runMap(map, release)[0]).toEqual([
      ['agent:a1', 'USD', '2027-01-09T10:00:00.000Z'],
      6750,
    ]);
    expect(runMap(map, order())).toEqual([]);
  });

  it('sums with the built-in _sum', () => {
    expect(source('market/ledger/views/by_account/reduce.js')).toBe('_sum');
  });
});

describe('market/orders views', () => {
  it('orders/views/by_party/map.js lists an order under each party, by status and under *', () => {
    const map = source('market/orders/views/by_party/map.js');
    const at = '2027-01-02T10:00:00.000Z';
    expect(runMap(map, order())).toEqual([
      [['c1', 'customer', 'in_progress', at], null],
      [['c1', 'customer', '*', at], null],
      [['a1', 'agent', 'in_progress', at], null],
      [['a1', 'agent', '*', at], null],
    ]);
    expect(runMap(map, { _id: 'entry:x', type: 'entry' })).toEqual([]);
    expect(source('market/orders/views/by_party/reduce.js')).toBe('_count');
  });

  it('orders/views/due/map.js emits when a timer is due: expiry unpaid, auto-completion delivered', () => {
    const map = source('market/orders/views/due/map.js');
    const expires = '2027-01-02T10:30:00.000Z';
    expect(runMap(map, order({ status: 'pending_payment', expires_at: expires }))).toEqual([
      [expires, null],
    ]);
    const auto = '2027-01-05T10:00:00.000Z';
    expect(runMap(map, order({ status: 'delivered', auto_complete_at: auto }))).toEqual([
      [auto, null],
    ]);
    expect(runMap(map, order({ status: 'completed', auto_complete_at: auto }))).toEqual([]);
    expect(runMap(map, order())).toEqual([]);
  });

  it('orders/views/followup/map.js lists orders with unpublished events or a payment in flight', () => {
    const map = source('market/orders/views/followup/map.js');
    const at = '2027-01-02T10:00:00.000Z';
    expect(runMap(map, order())).toEqual([]);
    expect(runMap(map, order({ outbox: [{ id: '0-paid' }] }))).toEqual([[at, null]]);
    expect(runMap(map, order({ payment: { status: 'processing' } }))).toEqual([[at, null]]);
    expect(runMap(map, order({ payment: { status: 'succeeded' } }))).toEqual([]);
  });

  it('orders/views/by_gig/map.js counts open and closed orders per gig', () => {
    const map = source('market/orders/views/by_gig/map.js');
    expect(runMap(map, order())).toEqual([[['g1', 'open'], null]]);
    expect(runMap(map, order({ status: 'disputed' }))).toEqual([[['g1', 'open'], null]]);
    expect(runMap(map, order({ status: 'completed' }))).toEqual([[['g1', 'closed'], null]]);
    expect(runMap(map, order({ status: 'expired' }))).toEqual([[['g1', 'closed'], null]]);
    expect(source('market/orders/views/by_gig/reduce.js')).toBe('_count');
  });

  it('orders/views/all/map.js lists every order by status and under *', () => {
    const map = source('market/orders/views/all/map.js');
    const at = '2027-01-02T10:00:00.000Z';
    expect(runMap(map, order({ status: 'disputed' }))).toEqual([
      [['disputed', at], null],
      [['*', at], null],
    ]);
    expect(source('market/orders/views/all/reduce.js')).toBe('_count');
  });
});

describe('market/wallets and the finance views', () => {
  const wallet = {
    _id: 'wallet:a1',
    type: 'wallet',
    agent_id: 'a1',
    updated_at: '2027-02-01T00:00:00.000Z',
    outbox: [],
    withdrawals: [
      { id: 'w1', status: 'paid', requested_at: '2027-01-10T00:00:00.000Z' },
      { id: 'w2', status: 'requested', requested_at: '2027-01-20T00:00:00.000Z' },
    ],
  };

  it('wallets/views/withdrawals/map.js lists each withdrawal by status and under *', () => {
    const map = source('market/wallets/views/withdrawals/map.js');
    expect(runMap(map, wallet)).toEqual([
      [['paid', '2027-01-10T00:00:00.000Z'], 'w1'],
      [['*', '2027-01-10T00:00:00.000Z'], 'w1'],
      [['requested', '2027-01-20T00:00:00.000Z'], 'w2'],
      [['*', '2027-01-20T00:00:00.000Z'], 'w2'],
    ]);
    expect(source('market/wallets/views/withdrawals/reduce.js')).toBe('_count');
  });

  it('wallets/views/by_withdrawal/map.js finds a withdrawal’s agent', () => {
    const map = source('market/wallets/views/by_withdrawal/map.js');
    expect(runMap(map, wallet)).toEqual([
      ['w1', 'a1'],
      ['w2', 'a1'],
    ]);
  });

  it('wallets/views/followup/map.js lists wallets with unpublished events', () => {
    const map = source('market/wallets/views/followup/map.js');
    expect(runMap(map, wallet)).toEqual([]);
    expect(runMap(map, { ...wallet, outbox: [{ id: 'w2-requested' }] })).toEqual([
      ['2027-02-01T00:00:00.000Z', null],
    ]);
  });

  it('ledger/views/by_kind_month/map.js sums money per kind, currency and month', () => {
    const map = source('market/ledger/views/by_kind_month/map.js');
    const entry = {
      type: 'entry',
      kind: 'fee',
      currency: 'USD',
      amount: 750,
      at: '2027-01-05T10:00:00Z',
    };
    expect(runMap(map, entry)).toEqual([[['fee', 'USD', '2027-01'], 750]]);
    expect(source('market/ledger/views/by_kind_month/reduce.js')).toBe('_sum');
  });

  it('ledger/views/clearing/map.js keys releases by when they clear', () => {
    const map = source('market/ledger/views/clearing/map.js');
    const release = {
      type: 'entry',
      kind: 'release',
      currency: 'USD',
      amount: 6750,
      clears_at: '2027-01-12T00:00:00Z',
    };
    expect(runMap(map, release)).toEqual([[['USD', '2027-01-12T00:00:00Z'], 6750]]);
    expect(runMap(map, { ...release, kind: 'fee' })).toEqual([]);
    expect(source('market/ledger/views/clearing/reduce.js')).toBe('_sum');
  });
});
