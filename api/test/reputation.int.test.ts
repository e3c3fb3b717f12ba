/**
 * Reputation and seller levels over HTTP (issue 17): each measure from orders played through the
 * order API with the clock moved (on-time delivery, cancellations, completed orders, the rolling
 * window), the average rating from customer reviews as the reviews service stores them, chat
 * response rate and time through real message delivery, the level thresholds, and who may read
 * what (401, 403, 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/lib/clock';
import { conversationIdFor } from '../src/schemas';
import type { Reputation, SellerLevelProgress } from '../src/schemas/reviews';
import {
  chatResponseId,
  recordChatResponse,
  type ChatResponseDoc,
} from '../src/routes/inbox/inbox-responses.service';
import { userKey, type UserDoc } from '../src/routes/users/users.model';
import { agentRating } from '../src/routes/reputation/reputation.service';
import { client, demoSessions, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

type Name = 'sofia' | 'daniel' | 'amara' | 'kenji' | 'lucia' | 'omar' | 'mei' | 'admin';
let server: TestServer;
let api: ReturnType<typeof client>;
let clock: ManualClock;
let s: Record<Name, Session>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
const TAG: Record<'amara' | 'kenji' | 'lucia' | 'omar', string> = {
  amara: 'amara_guides',
  kenji: 'kenji_cooks',
  lucia: 'lucia_lens',
  omar: 'omar_events',
};

beforeAll(async () => {
  // No demo gigs, so no demo orders: the demo agents start with no history.
  server = await startTestServer({ TEST_CLOCK: 'true' });
  clock = server.deps.clock as ManualClock;
  api = client(server);
  s = await demoSessions(api, [
    'sofia',
    'daniel',
    'amara',
    'kenji',
    'lucia',
    'omar',
    'mei',
    'admin',
  ]);
});
afterAll(() => server.close());

const reputation = async (who: keyof typeof TAG) => {
  const res = await api.get<{ reputation: Reputation }>(`/api/users/${TAG[who]}/reputation`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.reputation;
};
const progress = async (who: keyof typeof TAG) => {
  const res = await api.get<{ progress: SellerLevelProgress }>('/api/agent/level', {
    token: s[who].token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.progress;
};

/** Amara's orders of the on-time test, for the rolling window's. */
const amaraOrders: string[] = [];

let gigCount = 0;
/** An active gig of the agent's, delivered in `days`. */
async function gigOf(agent: Name, days = 2) {
  gigCount += 1;
  const res = await api.post<{ gig: { id: string } }>('/api/gigs', {
    token: s[agent].token,
    body: {
      title: `Reputation walk number ${gigCount} through the old town`,
      service_id: 'tour-guide',
      description:
        'A slow walk through the old town with a local guide, its markets, its stories and its food.',
      status: 'active',
      packages: [
        {
          tier: 'basic',
          name: 'Walk',
          price: { amount: 5000, currency: 'USD' },
          delivery_days: days,
          revisions: 0,
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.gig.id;
}

const act = async (who: Name, id: string, action: string, body: unknown = {}) => {
  const res = await api.post<{ order: { status: string } }>(`/api/orders/${id}/${action}`, {
    token: s[who].token,
    body,
  });
  expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.order;
};

/** A placed order; paid unless told otherwise. */
async function order(customer: Name, gigId: string, pay = true) {
  const res = await api.post<{ order: { id: string } }>('/api/orders', {
    token: s[customer].token,
    body: {
      gig_id: gigId,
      tier: 'basic',
      service_date: new Date(clock.now().getTime() + 30 * DAY).toISOString().slice(0, 10),
      travellers: 1,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.order.id;
  if (pay) await act(customer, id, 'pay', { card: CARD });
  return id;
}

/** Paid, delivered at once (on time) and accepted. */
async function completed(customer: Name, agent: Name, gigId: string) {
  const id = await order(customer, gigId);
  await act(agent, id, 'deliver', { message: 'Here is everything.' });
  await act(customer, id, 'accept');
  return id;
}

/**
 * A customer's review of the agent, through the reviews API: the customer writes it; unless it
 * is to stay pending, the agent's review of the customer publishes both; `hidden` is then hidden
 * by the admin (`POST /api/admin/reviews/{id}/hide`).
 */
async function review(
  orderId: string,
  agent: Name,
  rating: number,
  status: 'published' | 'pending' | 'hidden' = 'published',
) {
  const doc = (await server.deps.couch.db('market').get(`order:${orderId}`)) as unknown as {
    customer_id: string;
  };
  const customer = (Object.keys(s) as Name[]).find((n) => s[n].user.id === doc.customer_id)!;
  const mine = await api.post<{ review: { id: string } }>(`/api/orders/${orderId}/review`, {
    token: s[customer].token,
    body: {
      rating,
      communication: rating,
      as_described: rating,
      would_recommend: rating >= 4,
      text: `Rated ${rating} of 5 for this order.`,
    },
  });
  expect(mine.status, JSON.stringify(mine.body)).toBe(201);
  if (status === 'pending') return;
  const theirs = await api.post(`/api/orders/${orderId}/review`, {
    token: s[agent].token,
    body: { rating: 5, text: 'A pleasure to work with.' },
  });
  expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
  if (status !== 'hidden') return;
  const hide = await api.post(`/api/admin/reviews/${mine.body.review.id}/hide`, {
    token: s.admin.token,
    body: { note: 'Hidden for the reputation test.' },
  });
  expect(hide.status, JSON.stringify(hide.body)).toBe(200);
}

let messageCount = 0;
async function say(from: Name, to: string, body: string) {
  messageCount += 1;
  const id = `rep${Date.now().toString(36)}${String(messageCount).padStart(4, '0')}`;
  const res = await api.post<{ message: { status: string } }>('/api/inbox/messages', {
    token: s[from].token,
    body: { to, body, id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.message.status).toBe('delivered');
  return id;
}

describe('who may read a reputation', () => {
  it('is public for agents, and 404 for other members and unknown tagnames', async () => {
    expect(await reputation('amara')).toEqual({
      level: 'new',
      completed_orders: 0,
      rating: { average: 0, count: 0 },
      on_time_rate: null,
      response_rate: null,
      response_time_hours: null,
      cancellation_rate: null,
    });
    for (const tagname of ['sofia_marin', 'mei_lin', 'nobody_here'])
      expect((await api.get(`/api/users/${tagname}/reputation`)).status, tagname).toBe(404);
  });

  it('GET /api/agent/level is the agent’s own: 401 without a session, 403 for other roles', async () => {
    expect((await api.get('/api/agent/level')).status).toBe(401);
    for (const who of ['sofia', 'mei', 'admin'] as const)
      expect((await api.get('/api/agent/level', { token: s[who].token })).status, who).toBe(403);
    const own = await progress('amara');
    expect(own.level).toBe('new');
    expect(own.next).toEqual({
      level: 'level_1',
      missing: ['5 more completed orders', 'An average rating of 4.4 or more (no reviews yet)'],
    });
  });
});

describe('measures from orders', () => {
  it('on-time rate: the first delivery by the due date, over deliveries in the window', async () => {
    const gig = await gigOf('amara', 1);
    const early = await order('sofia', gig);
    await act('amara', early, 'deliver', { message: 'Done early.' });
    const late = await order('daniel', gig);
    amaraOrders.push(early, late);
    clock.advance(2 * DAY); // past the one-day due date
    await act('amara', late, 'deliver', { message: 'Done, a day late.' });
    expect((await reputation('amara')).on_time_rate).toBe(0.5);
    await act('sofia', early, 'accept');
    await act('daniel', late, 'accept');
    const rep = await reputation('amara');
    expect(rep).toMatchObject({ on_time_rate: 0.5, completed_orders: 2, cancellation_rate: 0 });
    expect((await progress('amara')).next!.missing).toEqual([
      '3 more completed orders',
      'An average rating of 4.4 or more (no reviews yet)',
      'On-time delivery of 90% or more over the last 60 days (now 50%)',
    ]);
  });

  it('cancellation rate: paid orders cancelled over paid orders that ended in the window', async () => {
    const gig = await gigOf('kenji');
    await completed('sofia', 'kenji', gig);
    // The customer cancels before the work starts: the escrow goes back, and it counts.
    const cancelled = await order('daniel', gig);
    await act('daniel', cancelled, 'cancel', { reason: 'My plans changed, sorry.' });
    // Never paid: withdrawn before payment, and one left to expire. Neither is an order yet.
    const unpaid = await order('sofia', gig, false);
    await act('sofia', unpaid, 'cancel', { reason: 'Ordered the wrong package.' });
    await order('daniel', gig, false);
    // Still open: not ended, so not in the rate.
    await order('sofia', gig);
    clock.advance(31 * 60_000);
    await server.deps.orderTimers!.sweep();
    const rep = await reputation('kenji');
    expect(rep).toMatchObject({ completed_orders: 1, cancellation_rate: 0.5, on_time_rate: 1 });
    expect((await progress('kenji')).next!.missing).toContain(
      'Cancellations at 10% or fewer of ended orders over the last 60 days (now 50%)',
    );
  });
  it('measures the rates over the last 60 days only; orders and ratings count for good', async () => {
    await review(amaraOrders[0]!, 'amara', 5);
    expect(await reputation('amara')).toMatchObject({ on_time_rate: 0.5, cancellation_rate: 0 });
    clock.advance(61 * DAY);
    expect(await reputation('amara')).toMatchObject({
      completed_orders: 2,
      rating: { average: 5, count: 1 },
      on_time_rate: null,
      cancellation_rate: null,
    });
  });
});

describe('the average rating', () => {
  it('counts published customer reviews only, never hidden or pending ones', async () => {
    const gig = await gigOf('lucia');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await completed('sofia', 'lucia', gig));
    await review(ids[0]!, 'lucia', 5);
    await review(ids[1]!, 'lucia', 4);
    await review(ids[2]!, 'lucia', 1, 'hidden');
    // The agents' reviews of the customers (5 stars each, above) are not ratings of the agent.
    expect((await reputation('lucia')).rating).toEqual({ average: 4.5, count: 2 });
    // The one function the reviews service and the reputation share for it.
    expect(await agentRating(server.deps.couch, s.lucia.user.id)).toEqual({
      average: 4.5,
      count: 2,
    });
    const pendingOrder = await completed('daniel', 'lucia', gig);
    await review(pendingOrder, 'lucia', 1, 'pending');
    expect((await reputation('lucia')).rating).toEqual({ average: 4.5, count: 2 });
  });
});

describe('chat responses, through real message delivery', () => {
  it('counts conversations customers open; answered when the agent’s first message is within 24 hours', async () => {
    await say('sofia', TAG.lucia, 'Hello Lucia, are you free for a shoot in May?');
    clock.advance(2 * HOUR);
    await say('lucia', 'sofia_marin', 'Hi Sofia, yes I am.');
    await say('sofia', TAG.lucia, 'Great, thank you!');
    expect(await reputation('lucia')).toMatchObject({ response_rate: 1, response_time_hours: 2 });

    await say('daniel', TAG.lucia, 'Do you photograph weddings in Lisbon?');
    clock.advance(30 * HOUR);
    await say('lucia', 'dan_whitaker', 'Sorry for the wait: yes, I do.');
    // A student's message is not a customer's: not counted.
    await say('mei', TAG.lucia, 'Could I assist you on a shoot?');
    expect(await reputation('lucia')).toMatchObject({
      response_rate: 0.5,
      response_time_hours: 16, // the median of 2 and 30
    });
  });

  it('waits 24 hours before an unanswered conversation counts against the agent', async () => {
    await say('daniel', TAG.omar, 'Can you plan a company retreat for 40?');
    expect((await reputation('omar')).response_rate).toBeNull();
    clock.advance(25 * HOUR);
    expect(await reputation('omar')).toMatchObject({
      response_rate: 0,
      response_time_hours: null,
    });
    await say('omar', 'dan_whitaker', 'Yes, gladly. When?');
    expect(await reputation('omar')).toMatchObject({ response_rate: 0, response_time_hours: 25 });
  });

  it('does not count a conversation the agent opened', async () => {
    const before = await reputation('kenji');
    const thanks = await say('kenji', 'sofia_marin', 'Thank you for your order, Sofia!');
    clock.advance(HOUR);
    const reply = await say('sofia', TAG.kenji, 'Thank you, it was lovely.');
    // Recorded like any other: the agent wrote first.
    const record = (await server.deps.couch
      .db('market')
      .get(
        chatResponseId(conversationIdFor(s.kenji.user.id, s.sofia.user.id)),
      )) as unknown as ChatResponseDoc;
    expect(record).toMatchObject({
      agent_id: s.kenji.user.id,
      customer_id: s.sofia.user.id,
      agent_first_message: thanks,
      customer_first_message: reply,
    });
    expect(record.agent_first_at! < record.customer_first_at!).toBe(true);
    const after = await reputation('kenji');
    expect(after.response_rate).toBe(before.response_rate);
    expect(after.response_rate).toBeNull();
  });

  it('records once: a retried or resumed delivery, or deliveries finishing out of order, change nothing', async () => {
    const market = server.deps.couch.db('market');
    const conversation = conversationIdFor(s.sofia.user.id, s.amara.user.id);
    const users = server.deps.couch.db('users');
    const [sofia, amara] = (await Promise.all([
      users.get(userKey(s.sofia.user.id)),
      users.get(userKey(s.amara.user.id)),
    ])) as unknown as UserDoc[];
    const base = clock.now().getTime();
    const at = (h: number) => new Date(base + h * HOUR).toISOString();
    /** The delivery of message `id`, sent at hour `h` of `conversationId`, from `by` to `to`. */
    const deliver = (
      id: string,
      h: number,
      by: UserDoc,
      to: UserDoc,
      conversationId = conversation,
    ) => recordChatResponse(server.deps, { id, conversationId, sentAt: at(h) }, by, to);
    // The agent's answer is delivered before the customer's question (two senders' jobs).
    await deliver('answer1', 3, amara!, sofia!);
    await deliver('question1', 1, sofia!, amara!);
    const first = (await market.get(chatResponseId(conversation))) as unknown as ChatResponseDoc;
    expect(first).toMatchObject({
      customer_first_message: 'question1',
      customer_first_at: at(1),
      agent_first_message: 'answer1',
      agent_first_at: at(3),
    });
    // The same deliveries again, and later messages: no write at all.
    await deliver('question1', 1, sofia!, amara!);
    await deliver('answer1', 3, amara!, sofia!);
    await deliver('later', 5, sofia!, amara!);
    const again = (await market.get(chatResponseId(conversation))) as unknown as ChatResponseDoc;
    expect(again._rev).toBe(first._rev);
    // Concurrent deliveries of one conversation: each conflict is read and judged again.
    const other = conversationIdFor(s.daniel.user.id, s.amara.user.id);
    const daniel = (await users.get(userKey(s.daniel.user.id))) as unknown as UserDoc;
    await Promise.all([4, 2, 6, 3, 5].map((h) => deliver(`q${h}`, h, daniel, amara!, other)));
    expect(await market.get(chatResponseId(other))).toMatchObject({
      customer_first_message: 'q2',
      customer_first_at: at(2),
      agent_first_at: null,
    });
  });
});

describe('seller levels', () => {
  it('reaches Level 1 at its thresholds; one poor review takes it back', async () => {
    const gig = await gigOf('omar', 3);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await completed(i % 2 ? 'sofia' : 'daniel', 'omar', gig));
    for (const [i, id] of ids.entries()) await review(id, 'omar', i === 3 ? 4 : 5);
    // Omar's one unanswered conversation (above) holds him back too.
    let own = await progress('omar');
    expect(own.level).toBe('new');
    expect(own.next!.missing).toEqual([
      '1 more completed order',
      'Answers within 24 hours to 90% or more of new conversations over the last 60 days (now 0%)',
    ]);
    // Sixty-one days on, the late answer has left the window; a question answered at once.
    clock.advance(61 * DAY);
    await say('sofia', TAG.omar, 'Are you free in June?');
    await say('omar', 'sofia_marin', 'I am.');
    ids.push(await completed('sofia', 'omar', gig));
    await review(ids[4]!, 'omar', 4); // 5, 5, 5, 4, 4: 4.6
    own = await progress('omar');
    expect(own).toMatchObject({
      level: 'level_1',
      completed_orders: 5,
      rating: { average: 4.6, count: 5 },
      on_time_rate: 1,
      response_rate: 1,
      response_time_hours: 0,
      cancellation_rate: 0,
    });
    expect(own.next).toEqual({ level: 'level_2', missing: ['15 more completed orders'] });
    expect((await reputation('omar')).level).toBe('level_1');

    const poor = await completed('daniel', 'omar', gig);
    await review(poor, 'omar', 1); // 24 / 6 = 4.0
    own = await progress('omar');
    expect(own.level).toBe('new');
    expect(own.next!.missing).toEqual(['An average rating of 4.4 or more (now 4.00)']);
  });
});
