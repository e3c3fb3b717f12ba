/**
 * Reviews over HTTP (issue 17): only the order's two parties (403 an admin, 404 a stranger),
 * once (409), within the window (the clock moved, not slept: 409 after), double-blind (a pending
 * review reaches nobody but its author: no list, figure or vote), publication when both are in
 * and when the window closes, editing until publication, the reply, helpful votes, reports,
 * moderation (admins only, audited; a hidden review leaves every figure, the gig document and
 * the points and the leaderboard standing), the reminders, bad inputs (422 by field) and a forged token (401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import type { ManualClock } from '../src/lib/clock';
import { notificationId } from '../src/schemas/userdb-rules';
import { client, DEMO_PASSWORD, demoTokens } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let tokens: Record<'sofia' | 'daniel' | 'amara' | 'kenji' | 'admin', string>;
let gigId: string;
let clock: ManualClock;

const DAY = 86_400_000;
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
type Err = { message: string; errors?: Record<string, string[]> };
interface ReviewBody {
  id: string;
  status: string;
  rating: number;
  text: string;
  author_role: string;
  traveller_from: string | null;
  package_name: string;
  helpful_count: number;
  reply: { text: string } | null;
  hidden: { note: string } | null;
  viewer: { helpful: boolean; reported: boolean; can_reply: boolean; can_edit: boolean } | null;
}
interface ListBody {
  data: ReviewBody[];
  meta: { total: number; average: number; count: number; histogram: Record<string, number> };
}
interface OrderReviewsBody {
  window_closes_at: string | null;
  can_review: boolean;
  mine: ReviewBody | null;
  theirs: ReviewBody | null;
  theirs_submitted: boolean;
}

const customerReview = (fields: Record<string, unknown> = {}) => ({
  rating: 5,
  communication: 5,
  as_described: 4,
  would_recommend: true,
  text: 'A wonderful morning, we tasted everything.',
  ...fields,
});
const agentReview = { rating: 5, text: 'Sofia was on time and curious about everything.' };

const future = (days: number) =>
  new Date(clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

/** An order of the test gig by Sofia, played to `completed` (or delivered) through the API. */
async function order(until: 'delivered' | 'completed' = 'completed') {
  const placed = await api.post<{ order: { id: string } }>('/api/orders', {
    token: tokens.sofia,
    body: {
      gig_id: gigId,
      tier: 'basic',
      extras: [],
      service_date: future(20),
      travellers: 2,
      meeting_place: 'Hotel lobby',
      requirements: 'Two adults.',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.order.id;
  const steps: [string, string, unknown][] = [
    [tokens.sofia, 'pay', { card: CARD }],
    [tokens.amara, 'deliver', { message: 'Here is your itinerary.' }],
  ];
  if (until === 'completed') steps.push([tokens.sofia, 'accept', {}]);
  for (const [token, action, body] of steps) {
    const res = await api.post<Err>(`/api/orders/${id}/${action}`, { token, body });
    expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  return id;
}

const review = (token: string, id: string, body: unknown, method: 'post' | 'put' = 'post') =>
  api[method]<{ review: ReviewBody } & Err>(`/api/orders/${id}/review`, { token, body });
const orderReviews = (token: string, id: string) =>
  api.get<OrderReviewsBody & Err>(`/api/orders/${id}/reviews`, { token });
const gigReviews = async (query = '') => {
  const res = await api.get<ListBody>(`/api/gigs/${gigId}/reviews${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const gigRating = async () => {
  const res = await api.get<{ gig: { rating: { average: number; count: number } } }>(
    `/api/gigs/${gigId}`,
  );
  expect(res.status).toBe(200);
  return res.body.gig.rating;
};
const points = async () => {
  const res = await api.get<{ leaderboards: { expertise: string; points: number }[] }>(
    '/api/user/amara_guides',
  );
  expect(res.status).toBe(200);
  const points = res.body.leaderboards.find((l) => l.expertise === 'tour-guide')?.points ?? 0;
  // The leaderboard standing follows each publication, hiding and unhiding at once.
  const board = await api.get<{ meta: { me: { points: number } | null } }>(
    '/api/leaderboard?expertise=tour-guide',
    { token: tokens.amara },
  );
  expect(board.body.meta.me?.points ?? 0).toBe(points);
  return points;
};
const sweepAfter = async (ms: number) => {
  clock.advance(ms);
  await server.orderTimers.sweep();
};
async function notificationExists(userToken: string, kind: string, key: string) {
  const me = await api.get<{ user: { id: string } }>('/api/user', { token: userToken });
  const db = server.deps.couch.server.use(userDbName(server.deps.couch, me.body.user.id));
  try {
    await db.get(notificationId(kind, key));
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: 'true', SEED_DEMO_GIGS: 'true' });
  clock = server.deps.clock as ManualClock;
  api = client(server);
  tokens = await demoTokens(api, ['sofia', 'daniel', 'amara', 'kenji', 'admin']);
  const gig = await api.post<{ gig: { id: string } }>('/api/gigs', {
    token: tokens.amara,
    body: {
      title: 'Saint-Louis island walk with a fisherman’s daughter',
      service_id: 'tour-guide',
      description:
        'Across the Faidherbe bridge to Guet Ndar, the pirogues and the colonial streets of the island.',
      status: 'active',
      packages: [
        {
          tier: 'basic',
          name: 'Island walk',
          price: { amount: 4000, currency: 'USD' },
          delivery_days: 2,
          revisions: 1,
        },
      ],
    },
  });
  expect(gig.status, JSON.stringify(gig.body)).toBe(201);
  gigId = gig.body.gig.id;
  // Starting with every demo gig and order (and its reviews) takes minutes on a loaded machine.
}, 300_000);
afterAll(() => server.close());

describe('demo reviews (seeded with the demo orders)', () => {
  it('give several demo gigs real ratings; a lone one is published by its closed window; a recent one stays pending', async () => {
    const rated = await api.get<{
      data: { title: string; rating: { average: number; count: number } }[];
    }>('/api/gigs?sort=rating&min_rating=1&per_page=50');
    expect(rated.status).toBe(200);
    const byTitle = new Map(rated.body.data.map((g) => [g.title.slice(0, 20), g.rating]));
    expect(rated.body.data.length).toBeGreaterThanOrEqual(4);
    // Pink Lake: both sides reviewed; the kaiseki dinner: the customer alone, weeks ago.
    expect(byTitle.get('Lac Rose and coastal')).toEqual({ average: 5, count: 1 });
    expect(byTitle.get('Private kaiseki dinn')).toEqual({ average: 5, count: 1 });
    expect(byTitle.get('Golden-hour portrait')).toEqual({ average: 4, count: 1 });
    // Nishiki: reviewed by the customer two days ago, the window open: nobody else sees it.
    expect(byTitle.has('Morning market walk ')).toBe(false);
  });
});

describe('who may review, and when', () => {
  it('only the two parties: 403 for an admin, 404 for anyone else, 401 without a valid token', async () => {
    const id = await order();
    for (const token of [tokens.daniel, tokens.kenji]) {
      const res = await review(token, id, agentReview);
      expect(res.status).toBe(404);
      expect((await orderReviews(token, id)).status).toBe(404);
    }
    expect((await review(tokens.admin, id, agentReview)).status).toBe(403);
    expect((await review(tokens.sofia, 'no-such-order', customerReview())).status).toBe(404);
    const forged = `${tokens.sofia.slice(0, -4)}AAAA`;
    expect((await review(forged, id, customerReview())).status).toBe(401);
    expect((await api.post(`/api/orders/${id}/review`, { body: customerReview() })).status).toBe(
      401,
    );
  });

  it('only once the order is completed (409 before)', async () => {
    const id = await order('delivered');
    const res = await review(tokens.sofia, id, customerReview());
    expect(res.status).toBe(409);
    expect((await orderReviews(tokens.sofia, id)).body.can_review).toBe(false);
  });

  it('refuses bad input with the field in error (422)', async () => {
    const id = await order();
    const missing = await review(tokens.sofia, id, { rating: 5, text: 'Lovely walk indeed.' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors!).sort()).toEqual([
      'as_described',
      'communication',
      'would_recommend',
    ]);
    const stars = await review(tokens.sofia, id, customerReview({ rating: 6, communication: 0 }));
    expect(stars.status).toBe(422);
    expect(stars.body.errors).toHaveProperty('rating');
    expect(stars.body.errors).toHaveProperty('communication');
    const short = await review(tokens.sofia, id, customerReview({ text: 'ok' }));
    expect(short.status).toBe(422);
    expect(short.body.errors).toHaveProperty('text');
    // The agent rates the customer only: the customer's questions are refused.
    const agent = await review(tokens.amara, id, { ...agentReview, communication: 4 });
    expect(agent.status).toBe(422);
    expect(agent.body.errors).toHaveProperty('communication');
    // Nothing was written: the first valid review is still accepted.
    expect((await review(tokens.sofia, id, customerReview())).status).toBe(201);
  });
});

describe('double-blind, publication and what follows it', () => {
  let id: string;
  let customerReviewId: string;
  let pointsBefore: number;

  it('keeps the first review to its author until the other side is in; edits it; once only', async () => {
    pointsBefore = await points();
    id = await order();
    const first = await review(tokens.sofia, id, customerReview({ rating: 4 }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.review).toMatchObject({
      status: 'pending',
      rating: 4,
      author_role: 'customer',
      package_name: 'Island walk',
      traveller_from: 'Barcelona, Spain',
      viewer: { can_edit: true },
    });
    customerReviewId = first.body.review.id;
    expect((await review(tokens.sofia, id, customerReview())).status).toBe(409);

    // The agent learns only that it exists; the public sees nothing, not in any figure.
    const agentView = await orderReviews(tokens.amara, id);
    expect(agentView.body).toMatchObject({ theirs: null, theirs_submitted: true, mine: null });
    expect(agentView.body.can_review).toBe(true);
    const list = await gigReviews();
    expect(list.data).toEqual([]);
    expect(list.meta).toMatchObject({ count: 0, average: 0, total: 0 });
    expect(await gigRating()).toEqual({ average: 0, count: 0 });
    for (const token of [tokens.amara, tokens.daniel]) {
      const vote = await api.post(`/api/reviews/${customerReviewId}/helpful`, { token });
      expect(vote.status).toBe(404);
      const report = await api.post(`/api/reviews/${customerReviewId}/report`, {
        token,
        body: { reason: 'spam' },
      });
      expect(report.status).toBe(404);
    }
    expect(
      (
        await api.post(`/api/reviews/${customerReviewId}/reply`, {
          token: tokens.amara,
          body: { text: 'Thank you!' },
        })
      ).status,
    ).toBe(404);

    // Edited while pending.
    const edited = await review(tokens.sofia, id, customerReview({ rating: 5 }), 'put');
    expect(edited.status).toBe(200);
    expect(edited.body.review.rating).toBe(5);
    expect((await review(tokens.amara, id, agentReview, 'put')).status).toBe(404);
  });

  it('publishes both when the second arrives; the gig, its figures and the points follow', async () => {
    const second = await review(tokens.amara, id, agentReview);
    expect(second.status).toBe(201);
    expect(second.body.review.status).toBe('published');
    const sofiaView = await orderReviews(tokens.sofia, id);
    expect(sofiaView.body.mine!.status).toBe('published');
    expect(sofiaView.body.theirs).toMatchObject({ rating: 5, author_role: 'agent' });
    expect(sofiaView.body.can_review).toBe(false);

    const list = await gigReviews();
    expect(list.data.map((r) => r.id)).toEqual([customerReviewId]);
    expect(list.meta).toMatchObject({ count: 1, average: 5, histogram: { '5': 1, '4': 0 } });
    expect(await gigRating()).toEqual({ average: 5, count: 1 });
    expect(await points()).toBe(pointsBefore + 50);

    // Search reads the gig document: its stars, min_rating and the rating sort are real.
    const search = await api.get<{ data: { id: string; rating: { count: number } }[] }>(
      '/api/gigs?q=pirogues&min_rating=4.5&sort=rating',
    );
    expect(search.body.data.find((g) => g.id === gigId)?.rating.count).toBe(1);

    // Sofia's profile (as a customer) shows the agent's review of her.
    const hers = await api.get<ListBody>('/api/users/sofia_marin/reviews?as=customer');
    expect(hers.body.data.some((r) => r.author_role === 'agent')).toBe(true);
    expect((await api.get('/api/users/no_such_member_x/reviews')).status).toBe(404);

    // Published: no more edits.
    expect((await review(tokens.sofia, id, customerReview({ rating: 1 }), 'put')).status).toBe(409);
    // Both mailed "published".
    expect(await notificationExists(tokens.sofia, 'review-published', customerReviewId)).toBe(true);
  });

  it('tells the author of a publication a crash cut short, at the next sweep', async () => {
    // As a crash right after the publishing write leaves it: the flag set, nobody told yet.
    const market = server.deps.couch.db('market');
    const stored = (await market.get(`review:${customerReviewId}`)) as unknown as Record<
      string,
      unknown
    >;
    await market.insert({ ...stored, notify_published: true } as never);
    const me = await api.get<{ user: { id: string } }>('/api/user', { token: tokens.sofia });
    const sofiaDb = server.deps.couch.server.use(userDbName(server.deps.couch, me.body.user.id));
    const notice = await sofiaDb.get(notificationId('review-published', customerReviewId));
    await sofiaDb.destroy(notice._id, notice._rev);
    expect(await notificationExists(tokens.sofia, 'review-published', customerReviewId)).toBe(
      false,
    );

    await server.orderTimers.sweep();
    expect(await notificationExists(tokens.sofia, 'review-published', customerReviewId)).toBe(true);
    const after = (await market.get(`review:${customerReviewId}`)) as unknown as {
      notify_published?: boolean;
    };
    expect(after.notify_published).toBe(false);
  });

  it('lets the reviewed agent reply once, and nobody else', async () => {
    const reply = (token: string) =>
      api.post<{ review: ReviewBody } & Err>(`/api/reviews/${customerReviewId}/reply`, {
        token,
        body: { text: 'Thank you, come back for the fish market!' },
      });
    expect((await reply(tokens.sofia)).status).toBe(403);
    expect((await reply(tokens.kenji)).status).toBe(403);
    const bad = await api.post<Err>(`/api/reviews/${customerReviewId}/reply`, {
      token: tokens.amara,
      body: { text: '' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('text');
    const first = await reply(tokens.amara);
    expect(first.status).toBe(201);
    expect(first.body.review.reply!.text).toMatch(/fish market/);
    expect((await reply(tokens.amara)).status).toBe(409);
    expect(await notificationExists(tokens.sofia, 'review-reply', customerReviewId)).toBe(true);
  });

  it('counts a helpful vote once per member, takes it back, and refuses the author', async () => {
    const url = `/api/reviews/${customerReviewId}/helpful`;
    await api.post(url, { token: tokens.daniel });
    const twice = await api.post<{ review: ReviewBody }>(url, { token: tokens.daniel });
    expect(twice.body.review).toMatchObject({ helpful_count: 1, viewer: { helpful: true } });
    expect((await api.post(url, { token: tokens.sofia })).status).toBe(403);
    const helpful = await gigReviews('?sort=helpful');
    expect(helpful.data[0]).toMatchObject({ id: customerReviewId, helpful_count: 1 });
    const back = await api.delete<{ review: ReviewBody }>(url, { token: tokens.daniel });
    expect(back.body.review.helpful_count).toBe(0);
    const badSort = await api.get<Err>(`/api/gigs/${gigId}/reviews?sort=best`);
    expect(badSort.status).toBe(422);
    expect(badSort.body.errors).toHaveProperty('sort');
  });

  it('takes one report per member; admins alone see and moderate; a hidden review counts nowhere', async () => {
    const url = `/api/reviews/${customerReviewId}/report`;
    const bad = await api.post<Err>(url, { token: tokens.daniel, body: { reason: 'rude' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('reason');
    expect(
      (await api.post(url, { token: tokens.daniel, body: { reason: 'spam', details: 'An ad.' } }))
        .status,
    ).toBe(201);
    expect((await api.post(url, { token: tokens.daniel, body: { reason: 'spam' } })).status).toBe(
      409,
    );
    expect((await api.get('/api/admin/reviews', { token: tokens.sofia })).status).toBe(403);
    const queue = await api.get<{ data: (ReviewBody & { reports: { reason: string }[] })[] }>(
      '/api/admin/reviews',
      { token: tokens.admin },
    );
    expect(queue.status).toBe(200);
    const reported = queue.body.data.find((r) => r.id === customerReviewId);
    expect(reported!.reports.map((r) => r.reason)).toEqual(['spam']);

    const hide = (token: string, body: unknown = { note: 'Advertising, not a review.' }) =>
      api.post<{ review: ReviewBody } & Err>(`/api/admin/reviews/${customerReviewId}/hide`, {
        token,
        body,
      });
    expect((await hide(tokens.amara)).status).toBe(403);
    const noNote = await hide(tokens.admin, {});
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors).toHaveProperty('note');
    const hidden = await hide(tokens.admin);
    expect(hidden.status).toBe(200);
    expect(hidden.body.review).toMatchObject({
      status: 'hidden',
      hidden: { note: 'Advertising, not a review.' },
    });
    expect((await hide(tokens.admin)).status).toBe(409);

    expect((await gigReviews()).meta).toMatchObject({ count: 0, average: 0 });
    expect(await gigRating()).toEqual({ average: 0, count: 0 });
    expect(await points()).toBe(pointsBefore);
    // Its author sees it hidden, with the note; the public cannot vote on it any more.
    expect((await orderReviews(tokens.sofia, id)).body.mine!.hidden!.note).toMatch(/Advertising/);
    expect(
      (await api.post(`/api/reviews/${customerReviewId}/helpful`, { token: tokens.kenji })).status,
    ).toBe(404);
    const audit = await api.get<{ data: { action: string; target: string }[] }>(
      '/api/admin/audit',
      { token: tokens.admin },
    );
    expect(audit.body.data[0]).toMatchObject({
      action: 'review.hide',
      target: `review:${customerReviewId}`,
    });

    const unhide = (token: string) =>
      api.post<{ review: ReviewBody }>(`/api/admin/reviews/${customerReviewId}/unhide`, { token });
    expect((await unhide(tokens.sofia)).status).toBe(403);
    expect((await unhide(tokens.admin)).body.review.status).toBe('published');
    expect((await unhide(tokens.admin)).status).toBe(409);
    expect(await gigRating()).toEqual({ average: 5, count: 1 });
    expect(await points()).toBe(pointsBefore + 50);
  });
});

describe('the review window (a timer; the clock moved, not slept)', () => {
  it('reminds at completion and 3 days before it closes, then publishes a lone review; too late is 409', async () => {
    const lone = await order();
    const silent = await order();
    expect(
      await notificationExists(tokens.sofia, 'review-reminder', `${lone}-customer-completion`),
    ).toBe(true);
    expect(
      await notificationExists(tokens.amara, 'review-reminder', `${lone}-agent-completion`),
    ).toBe(true);
    const written = await review(tokens.sofia, lone, customerReview({ rating: 3 }));
    expect(written.body.review.status).toBe('pending');
    const before = await gigReviews();

    await sweepAfter(11 * DAY + 60_000); // 3 days before the close
    // Only the side that has not reviewed is reminded again.
    expect(await notificationExists(tokens.amara, 'review-reminder', `${lone}-agent-close`)).toBe(
      true,
    );
    expect(
      await notificationExists(tokens.sofia, 'review-reminder', `${lone}-customer-close`),
    ).toBe(false);
    expect((await orderReviews(tokens.amara, lone)).body.theirs).toBeNull();

    await sweepAfter(3 * DAY);
    await server.orderTimers.sweep(); // a second sweep publishes nothing twice
    // Every lone review whose window closed is published (this one, and the one written in
    // the bad-input test above, the same day).
    const after = await gigReviews('?per_page=50');
    expect(after.data.map((r) => r.id)).toContain(written.body.review.id);
    expect(after.meta.histogram['3']).toBe(before.meta.histogram['3']! + 1);
    expect((await orderReviews(tokens.amara, lone)).body.theirs).toMatchObject({ rating: 3 });
    expect(await gigRating()).toEqual({ average: after.meta.average, count: after.meta.count });

    // The window closed: neither a first review nor an edit.
    const late = await review(tokens.amara, lone, agentReview);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/window closed/);
    expect((await review(tokens.sofia, silent, customerReview())).status).toBe(409);
    expect((await orderReviews(tokens.sofia, silent)).body.can_review).toBe(false);
  });
});

describe('the contract is documented', () => {
  it('lists every review route in /api/openapi.json', async () => {
    const doc = await api.get<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/openapi.json',
    );
    for (const [path, method] of [
      ['/api/orders/{id}/review', 'post'],
      ['/api/orders/{id}/review', 'put'],
      ['/api/orders/{id}/reviews', 'get'],
      ['/api/gigs/{id}/reviews', 'get'],
      ['/api/users/{tagname}/reviews', 'get'],
      ['/api/reviews/{id}/reply', 'post'],
      ['/api/reviews/{id}/helpful', 'delete'],
      ['/api/reviews/{id}/report', 'post'],
      ['/api/admin/reviews', 'get'],
      ['/api/admin/reviews/{id}/hide', 'post'],
      ['/api/admin/reviews/{id}/unhide', 'post'],
    ] as const)
      expect(doc.body.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe('sign-in notifications follow the server clock', () => {
  it("keys a new device's notification by deps.clock, not the machine's time", async () => {
    clock.advance(DAY); // the server's clock is now a day and more ahead of the machine's
    const before = clock.now().getTime();
    const res = await api.post<{ user: { id: string } }>('/api/login', {
      body: { email: 'kenji@wayfarer.test', password: DEMO_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 clock-test' },
    });
    expect(res.status).toBe(200);
    const db = server.deps.couch.server.use(userDbName(server.deps.couch, res.body.user.id));
    const ids = (
      await db.list({
        startkey: notificationId('new-login', ''),
        endkey: notificationId('new-login', '\ufff0'),
      })
    ).rows.map((r) => r.id);
    const after = clock.now().getTime();
    const keyed = ids.map((id) => Number(id.split('-').at(-1)));
    expect(
      keyed.some((ms) => ms >= before && ms <= after),
      ids.join(),
    ).toBe(true);
  });
});
