import { describe, expect, it } from 'vitest';
import type { EarningOrder, Withdrawal } from '../types';
import { csvFilename, decimalAmount, earningsCsv, withdrawalsCsv } from './exports';

const usd = (amount: number) => ({ amount, currency: 'USD' });

const withdrawal = (patch: Partial<Withdrawal>): Withdrawal => ({
  id: 'w1',
  agent: { id: 'u1', full_name: 'Kenji Morimoto' },
  amount: usd(5000),
  method: { id: 'm1', type: 'bank', masked: 'Kenji Morimoto · GB82 •••• 5432' },
  status: 'requested',
  reference: null,
  reason: null,
  requested_at: '2026-06-01T10:00:00.000Z',
  decided_at: null,
  decided_by: null,
  ...patch,
});

describe('decimalAmount', () => {
  it('writes every decimal of the currency', () => {
    expect(decimalAmount(usd(5000))).toBe('50.00');
    expect(decimalAmount(usd(5))).toBe('0.05');
    expect(decimalAmount(usd(123456))).toBe('1234.56');
    expect(decimalAmount(usd(-250))).toBe('-2.50');
    expect(decimalAmount({ amount: 3800, currency: 'JPY' })).toBe('3800');
  });
});

describe('withdrawalsCsv', () => {
  it('has one row per withdrawal with its status, reference or reason', () => {
    const csv = withdrawalsCsv([
      withdrawal({}),
      withdrawal({
        id: 'w2',
        amount: usd(1250),
        status: 'paid',
        reference: 'TRX-1',
        decided_at: '2026-06-02T09:00:00.000Z',
      }),
      withdrawal({
        id: 'w3',
        status: 'rejected',
        reason: 'Name does not match, please check',
        decided_at: '2026-06-02T09:30:00.000Z',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'withdrawal_id,requested_at,amount,currency,payout_method,status,reference,reason,decided_at',
      'w1,2026-06-01T10:00:00.000Z,50.00,USD,Kenji Morimoto · GB82 •••• 5432,requested,,,',
      'w2,2026-06-01T10:00:00.000Z,12.50,USD,Kenji Morimoto · GB82 •••• 5432,paid,TRX-1,,2026-06-02T09:00:00.000Z',
      'w3,2026-06-01T10:00:00.000Z,50.00,USD,Kenji Morimoto · GB82 •••• 5432,rejected,,"Name does not match, please check",2026-06-02T09:30:00.000Z',
      '',
    ]);
  });
});

describe('earningsCsv', () => {
  it('has one row per completed order: total, refund, fee and what the agent earned', () => {
    const order: EarningOrder = {
      id: 'o1',
      gig: { id: 'g1', title: 'Kyoto, by night' },
      completed_at: '2026-05-20T08:00:00.000Z',
      total: usd(7500),
      refunded: usd(0),
      fee: usd(750),
      agent_earnings: usd(6750),
    };
    expect(earningsCsv([order]).split('\r\n')).toEqual([
      'order_id,gig,completed_at,currency,total,refunded,fee,agent_earnings',
      'o1,"Kyoto, by night",2026-05-20T08:00:00.000Z,USD,75.00,0.00,7.50,67.50',
      '',
    ]);
  });
});

describe('csvFilename', () => {
  it('names the export and its UTC day', () => {
    expect(csvFilename('withdrawals', new Date('2026-06-03T23:30:00Z'))).toBe(
      'wayfarer-withdrawals-2026-06-03.csv',
    );
  });
});
