import type { Order } from '@wayfarer/api/schemas/orders';
import { describe, expect, it } from 'vitest';
import { cancelEffect, cancelExplanation } from './cancel';

const now = new Date('2025-03-10T12:00:00Z');
function order(overrides: Partial<Order> = {}): Order {
  return {
    status: 'in_progress',
    due_at: '2025-03-12T12:00:00Z',
    deliveries: [],
    timeline: [],
    agent: { id: 'a', full_name: 'Amara Diallo', tagname: 'amara', avatar: null },
    customer: { id: 'c', full_name: 'Sofia Marquez', tagname: 'sofia', avatar: null },
    ...overrides,
  } as Order;
}
const started = {
  at: '2025-03-09T00:00:00Z',
  actor: { kind: 'agent' as const, id: 'a', name: 'Amara Diallo' },
  event: 'Work started',
  note: null,
};

describe('cancelEffect', () => {
  it('cancels an unpaid order at once, whoever asks', () => {
    expect(cancelEffect(order({ status: 'pending_payment' }), 'customer', now)).toBe('at_once');
    expect(cancelEffect(order({ status: 'pending_payment' }), 'agent', now)).toBe('at_once');
  });

  it('lets the customer cancel alone before the agent starts', () => {
    expect(cancelEffect(order(), 'customer', now)).toBe('at_once');
    expect(cancelEffect(order({ timeline: [started] }), 'customer', now)).toBe('request');
  });

  it('lets the customer cancel alone once the due date has passed', () => {
    const late = order({ timeline: [started], due_at: '2025-03-01T00:00:00Z' });
    expect(cancelEffect(late, 'customer', now)).toBe('at_once');
    expect(cancelEffect({ ...late, status: 'revision_requested' }, 'customer', now)).toBe(
      'at_once',
    );
    expect(cancelEffect({ ...late, status: 'delivered' }, 'customer', now)).toBe('request');
  });

  it('makes a paid order’s cancellation by the agent a request', () => {
    expect(cancelEffect(order(), 'agent', now)).toBe('request');
  });
});

describe('cancelExplanation', () => {
  it('names the other party when they must agree', () => {
    expect(cancelExplanation(order({ timeline: [started] }), 'customer', now)).toMatch(
      /^This asks Amara Diallo to agree/,
    );
    expect(cancelExplanation(order(), 'agent', now)).toMatch(/^This asks Sofia Marquez to agree/);
  });

  it('says a paid order is refunded when it cancels at once', () => {
    expect(cancelExplanation(order(), 'customer', now)).toMatch(/refunds the full payment/);
  });
});
