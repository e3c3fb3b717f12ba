import { describe, expect, it } from 'vitest';
import { formatDay } from '@/lib/format';
import {
  actorLabel,
  disputeOpener,
  formatServiceDates,
  openOrderCount,
  resolverOf,
  shortOrderId,
  totalOrderCount,
} from './orders';

describe('orders as admins read them', () => {
  it('counts open orders: paid and not finished', () => {
    const counts = {
      pending_payment: 4,
      in_progress: 3,
      delivered: 2,
      revision_requested: 1,
      disputed: 5,
      completed: 9,
      cancelled: 7,
    };
    expect(openOrderCount(counts)).toBe(11);
    expect(openOrderCount({})).toBe(0);
    // The API also counts every order under '*': not added twice.
    expect(totalOrderCount({ ...counts, '*': 31 })).toBe(31);
  });

  it('shows calendar dates as the same day in every time zone', () => {
    // The web tests run in Pacific/Honolulu (UTC-10): a UTC midnight would be the day before.
    expect(formatDay('2027-03-14')).toBe('14 Mar 2027');
    expect(
      formatServiceDates({
        service_date: '2027-03-14',
        service_end_date: '2027-03-16',
        travellers: 2,
        meeting_place: null,
      }),
    ).toBe('14 Mar 2027 to 16 Mar 2027');
  });

  it('names people, sides and timers', () => {
    const party = (full_name: string) => ({
      id: full_name,
      full_name,
      tagname: null,
      avatar: null,
    });
    const order = {
      customer: party('Sofia Marquez'),
      agent: party('Amara Diallo'),
      dispute: { opened_by: 'agent' as const, reason: 'No answer.', at: '', resolution: null },
    };
    expect(disputeOpener(order)).toBe('Amara Diallo (agent)');
    expect(disputeOpener({ ...order, dispute: null })).toBe('');
    expect(actorLabel({ kind: 'timer', id: null, name: 'timer' })).toBe('Automatic');
    expect(actorLabel({ kind: 'admin', id: 'x', name: 'Ada Okafor' })).toBe('Ada Okafor, admin');
    expect(actorLabel({ kind: 'customer', id: 'c', name: 'Sofia Marquez' })).toBe(
      'Sofia Marquez, customer',
    );
    const event = (kind: 'admin' | 'customer', name: string) => ({
      at: '',
      actor: { kind, id: name, name },
      event: '',
      note: null,
    });
    expect(
      resolverOf({
        timeline: [event('admin', 'Ada'), event('customer', 'S'), event('admin', 'Bo')],
      }),
    ).toBe('Bo');
    expect(resolverOf({ timeline: [event('customer', 'S')] })).toBeNull();
    expect(shortOrderId('3f9a1c0e77aa88bb99cc00dd')).toBe('#3f9a1c0e');
  });
});
