// Orders set up through the API for the specs that test what follows: a gig to order, and an
// order taken as far as a spec needs (placed, paid with the sandbox's success card, delivered).
import { expect, type APIRequestContext } from '@playwright/test';
import { unique, type Member } from './members';

/** A date `days` from today (UTC), as a date input takes it. */
export const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An active gig with Basic ($50, 2 days, 1 revision), Standard ($90) and one extra ($25). */
export async function createGig(request: APIRequestContext, agent: Member, title: string) {
  const response = await request.post('/api/gigs', {
    headers: { authorization: `Bearer ${agent.token}` },
    data: {
      title,
      service_id: 'tour-guide',
      description:
        'A slow morning through the Kermel and Tilène markets, tasting as we go, with a cook who shops there every day.',
      destinations: ['Dakar'],
      status: 'active',
      packages: [
        {
          tier: 'basic',
          name: 'Market walk',
          price: { amount: 5000, currency: 'USD' },
          delivery_days: 2,
          revisions: 1,
          includes: ['Guide', 'Tastings'],
        },
        {
          tier: 'standard',
          name: 'Market and lunch',
          price: { amount: 9000, currency: 'USD' },
          delivery_days: 3,
          revisions: 2,
        },
      ],
      extras: [
        {
          title: 'Cooking class after',
          price: { amount: 2500, currency: 'USD' },
          delivery_days: 1,
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { gig: { id: string } }).gig.id;
}

const bearer = (member: Member) => ({ authorization: `Bearer ${member.token}` });

/** An order of `gigId`'s basic package by `customer`, paid with the success card: in progress. */
export async function paidOrder(
  request: APIRequestContext,
  customer: Member,
  gigId: string,
): Promise<string> {
  const placed = await request.post('/api/orders', {
    headers: { ...bearer(customer), 'Idempotency-Key': unique() },
    data: { gig_id: gigId, tier: 'basic', extras: [], service_date: inDays(12), travellers: 2 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = ((await placed.json()) as { order: { id: string } }).order.id;
  const paid = await request.post(`/api/orders/${id}/pay`, {
    headers: bearer(customer),
    data: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return id;
}

/** `paidOrder`, delivered by `agent` (a message, no file): the customer may accept it. */
export async function deliveredOrder(
  request: APIRequestContext,
  customer: Member,
  agent: Member,
  gigId: string,
): Promise<string> {
  const id = await paidOrder(request, customer, gigId);
  const delivered = await request.post(`/api/orders/${id}/deliver`, {
    headers: bearer(agent),
    data: { message: 'Your itinerary, with the market map.' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  return id;
}

/** `deliveredOrder`, accepted by `customer`: completed, so both sides may review it. */
export async function completedOrder(
  request: APIRequestContext,
  customer: Member,
  agent: Member,
  gigId: string,
): Promise<string> {
  const id = await deliveredOrder(request, customer, agent, gigId);
  const accepted = await request.post(`/api/orders/${id}/accept`, { headers: bearer(customer) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return id;
}
