/**
 * Reviews (issue 17): writing and editing a side's review of a completed order, the lists the
 * gig page and profiles read (a gig's figures from its `reviewstats` document, a member's from
 * `reviews/stats`, rows from `reviews/listed`: a gig page costs the same few requests whatever
 * the number of reviews), the reply, helpful votes,
 * reports and moderation. Publication and the gig's rating: review-publication.ts; the window's
 * reminders and close: review-timers.ts.
 *
 * Double-blind: a pending review is returned to its author alone. Anyone else asking for it by
 * id gets the 404 of a review that does not exist; no list, count or figure includes it.
 */
import { isConflict } from '../../couch/errors';
import { conflict, forbidden, notFound, ValidationError } from '../../lib/errors';
import type { ListResponse } from '../../schemas';
import {
  REVIEW_WINDOW_DAYS,
  type AdminReview,
  type OrderReviews,
  type Review,
  type ReviewInput,
  type ReviewListResponse,
  type ReviewSort,
} from '../../schemas/reviews';
import { personOf, userById, userByTagname } from '../inbox/inbox.model';
import * as machine from '../orders/order-machine';
import type { OrderDoc } from '../orders/order-machine';
import { readOrder } from '../orders/order-store';
import type { UserDoc } from '../users/users.model';
import {
  finishGigSync,
  gigSummary,
  mutateReview,
  orderReviewDocs,
  publishOrderReviews,
  readReviewDoc,
  tell,
  type ReviewDeps,
} from './review-publication';
import { windowClosesAt } from './review-timers';
import {
  parseReviewId,
  reportKey,
  reviewId,
  reviewKey,
  voteKey,
  type ReviewDoc,
  type ReviewReportDoc,
  type ReviewRole,
  type ReviewVoteDoc,
} from './reviews.model';
import { toReview, toSummary, type Viewer } from './reviews.view';

type Deps = ReviewDeps;

const CUSTOMER_ONLY = ['communication', 'as_described', 'would_recommend'] as const;

/** The order if `user` may see it (a party or an admin: 404 for anyone else) and their side. */
async function partyOrder(
  deps: Deps,
  user: UserDoc,
  orderId: string,
): Promise<{ order: OrderDoc; role: ReviewRole }> {
  const order = await readOrder(deps, orderId);
  const role = machine.roleOf(order, user.id);
  if (!role) {
    if (user.role === 'Admin') throw forbidden('Only the order’s customer and agent review it.');
    throw notFound('No such order.');
  }
  return { order, role };
}

/** 409 unless the order is completed and its window is open now. */
function assertWindowOpen(deps: Deps, order: OrderDoc): string {
  if (order.status !== 'completed' || !order.completed_at)
    throw conflict('An order can be reviewed once it is completed.');
  const closes = windowClosesAt(order.completed_at);
  if (deps.clock.now().getTime() >= Date.parse(closes))
    throw conflict(
      `The review window closed ${REVIEW_WINDOW_DAYS} days after the order was completed.`,
    );
  return closes;
}

/** The fields of the caller's side: the customer's are all required of the customer, none of the agent. */
function sideFields(role: ReviewRole, input: ReviewInput) {
  const errors: Record<string, string[]> = {};
  for (const field of CUSTOMER_ONLY) {
    const given = input[field] !== undefined;
    if (role === 'customer' && !given)
      errors[field] = [
        field === 'would_recommend'
          ? 'Say whether you would recommend this agent.'
          : field === 'communication'
            ? 'Rate communication from 1 to 5 stars.'
            : 'Rate how well the service matched its description from 1 to 5 stars.',
      ];
    if (role === 'agent' && given) errors[field] = ['Only the customer rates this.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return {
    rating: input.rating,
    communication: role === 'customer' ? input.communication! : null,
    as_described: role === 'customer' ? input.as_described! : null,
    would_recommend: role === 'customer' ? input.would_recommend! : null,
    text: input.text,
  };
}

const ownViewer = (user: UserDoc): Viewer => ({
  id: user.id,
  admin: user.role === 'Admin',
  helpful: false,
  reported: false,
});

/** `POST /api/orders/{id}/review`: the caller's side's review, once; publishes both when the other is in. */
export async function writeReview(
  deps: Deps,
  user: UserDoc,
  orderId: string,
  input: ReviewInput,
): Promise<Review> {
  const { order, role } = await partyOrder(deps, user, orderId);
  const closes = assertWindowOpen(deps, order);
  const fields = sideFields(role, input);
  const id = reviewId(order.id, role);
  const otherId = role === 'customer' ? order.agent_id : order.customer_id;
  const customerId = order.customer_id;
  const [other, customer] = await Promise.all([
    userById(deps, otherId),
    customerId === user.id ? Promise.resolve(user) : userById(deps, customerId),
  ]);
  const fallback = role === 'customer' ? order.agent : order.customer;
  const now = deps.clock.now().toISOString();
  const doc: ReviewDoc = {
    _id: reviewKey(id),
    type: 'review',
    id,
    order_id: order.id,
    author_role: role,
    author_id: user.id,
    subject_id: otherId,
    gig: order.gig,
    tier: order.package.tier,
    package_name: order.package.name,
    author: personOf(user),
    subject: other
      ? personOf(other)
      : { id: fallback.id, tagname: null, full_name: fallback.full_name, avatar: null },
    traveller_from: customer?.location || order.travel.meeting_place || null,
    ...fields,
    status: 'pending',
    created_at: now,
    updated_at: now,
    published_at: null,
    window_closes_at: closes,
    reply: null,
    helpful_count: 0,
    report_count: 0,
    reported_at: null,
    hidden: null,
    gig_sync: false,
  };
  try {
    await deps.couch.db('market').insert(doc as never);
  } catch (error) {
    if (isConflict(error)) throw conflict('You have already reviewed this order.');
    throw error;
  }
  // Written, then the other side read: of two reviews written at once, at least the later read
  // sees both, so one of the two requests publishes them (a crash here: the window's close).
  const both = await orderReviewDocs(deps, order.id);
  if (both.customer && both.agent) await publishOrderReviews(deps, order.id);
  const saved = (await readReviewDoc(deps, id)) ?? doc;
  return toReview(saved, ownViewer(user), deps.clock.now());
}

/** `PUT /api/orders/{id}/review`: the caller edits their review while it is pending. */
export async function editReview(
  deps: Deps,
  user: UserDoc,
  orderId: string,
  input: ReviewInput,
): Promise<Review> {
  const { order, role } = await partyOrder(deps, user, orderId);
  const fields = sideFields(role, input);
  const saved = await mutateReview(deps, reviewId(order.id, role), (current) => {
    if (current.status !== 'pending') throw conflict('A published review can no longer be edited.');
    assertWindowOpen(deps, order);
    return { ...current, ...fields, updated_at: deps.clock.now().toISOString() };
  });
  if (!saved) throw notFound('You have not reviewed this order yet.');
  return toReview(saved, ownViewer(user), deps.clock.now());
}

/** `GET /api/orders/{id}/reviews`: the caller's own review and the other side's once published. */
export async function orderReviews(
  deps: Deps,
  user: UserDoc,
  orderId: string,
): Promise<OrderReviews> {
  const { order, role } = await partyOrder(deps, user, orderId);
  // Both read in one request whatever exists, so the answer's timing tells nothing either.
  const docs = await orderReviewDocs(deps, order.id);
  const mine = docs[role];
  const theirs = docs[role === 'customer' ? 'agent' : 'customer'];
  const now = deps.clock.now();
  const closes = order.completed_at ? windowClosesAt(order.completed_at) : null;
  const open = !!closes && order.status === 'completed' && now.getTime() < Date.parse(closes);
  const viewer = ownViewer(user);
  return {
    window_closes_at: closes,
    can_review: open && (!mine || mine.status === 'pending'),
    mine: mine ? toReview(mine, viewer, now) : null,
    theirs:
      theirs && theirs.status === 'published' && !theirs.hidden
        ? toReview(theirs, { ...viewer, ...(await viewerFlags(deps, user, [theirs.id]))[0]! }, now)
        : null,
    theirs_submitted: !!theirs,
  };
}

/** Whether `user` marked each review helpful or reported it: one request for a page. */
async function viewerFlags(
  deps: Deps,
  user: UserDoc | undefined,
  ids: string[],
): Promise<{ helpful: boolean; reported: boolean }[]> {
  if (!user || !ids.length) return ids.map(() => ({ helpful: false, reported: false }));
  const keys = ids.flatMap((id) => [voteKey(id, user.id), reportKey(id, user.id)]);
  const result = await deps.couch.db('market').fetch({ keys });
  const exists = (result.rows as { doc?: unknown; value?: { deleted?: boolean } }[]).map(
    (row) => !!row.doc,
  );
  return ids.map((_, i) => ({ helpful: exists[2 * i]!, reported: exists[2 * i + 1]! }));
}

async function toReviews(deps: Deps, docs: ReviewDoc[], user: UserDoc | undefined) {
  const flags = await viewerFlags(
    deps,
    user,
    docs.map((d) => d.id),
  );
  const now = deps.clock.now();
  return docs.map((doc, i) =>
    toReview(doc, user ? { id: user.id, admin: user.role === 'Admin', ...flags[i]! } : null, now),
  );
}

interface Paging {
  sort: ReviewSort;
  page: number;
  per_page: number;
}

/** One page of a `reviews/listed` range (`prefix`), newest or most helpful first. */
async function listedPage(deps: Deps, prefix: unknown[], paging: Paging): Promise<ReviewDoc[]> {
  const result = await deps.couch.db('market').view('reviews', 'listed', {
    startkey: [...prefix, paging.sort, {}],
    endkey: [...prefix, paging.sort],
    descending: true,
    include_docs: true,
    skip: (paging.page - 1) * paging.per_page,
    limit: paging.per_page,
  } as never);
  return (result.rows as unknown as { doc: ReviewDoc }[]).map((r) => r.doc);
}

function listResponse(
  data: Review[],
  summary: ReturnType<typeof toSummary>,
  paging: Paging,
): ReviewListResponse {
  return {
    data,
    meta: {
      page: paging.page,
      per_page: paging.per_page,
      total: summary.count,
      last_page: Math.max(1, Math.ceil(summary.count / paging.per_page)),
      average: summary.average,
      count: summary.count,
      histogram: summary.histogram,
    },
  };
}

/** `GET /api/gigs/{id}/reviews`: its published, not hidden customer reviews and their figures. */
export async function gigReviews(
  deps: Deps,
  viewer: UserDoc | undefined,
  gigId: string,
  paging: Paging,
): Promise<ReviewListResponse> {
  const [summary, docs] = await Promise.all([
    gigSummary(deps, gigId),
    listedPage(deps, ['gig', gigId], paging),
  ]);
  return listResponse(await toReviews(deps, docs, viewer), summary, paging);
}

/** `GET /api/users/{tagname}/reviews`: the reviews a member received (as agent, customer or both). */
export async function userReviews(
  deps: Deps,
  viewer: UserDoc | undefined,
  tagname: string,
  query: Paging & { as?: ReviewRole },
): Promise<ReviewListResponse> {
  const subject = await userByTagname(deps, tagname);
  if (!subject || subject.status !== 'active') throw notFound('No member has this tagname.');
  const [stats, docs] = await Promise.all([
    deps.couch.db('market').view('reviews', 'stats', {
      startkey: ['user', subject.id, query.as ?? ''],
      endkey: ['user', subject.id, query.as ?? {}],
      reduce: true,
    } as never),
    listedPage(deps, ['user', subject.id, query.as ?? '*'], query),
  ]);
  const summary = toSummary(stats.rows[0]?.value as number[] | undefined);
  return listResponse(await toReviews(deps, docs, viewer), summary, query);
}

/** A review `user` may act on: published and not hidden (a pending one does not exist for others). */
async function publicReview(deps: Deps, user: UserDoc, id: string): Promise<ReviewDoc> {
  const doc = parseReviewId(id) ? await readReviewDoc(deps, id) : null;
  if (!doc || (doc.status !== 'published' && doc.author_id !== user.id))
    throw notFound('No such review.');
  if (doc.hidden && doc.author_id !== user.id && user.role !== 'Admin')
    throw notFound('No such review.');
  return doc;
}

async function reviewFor(deps: Deps, user: UserDoc, doc: ReviewDoc): Promise<Review> {
  return (await toReviews(deps, [doc], user))[0]!;
}

/** `POST /api/reviews/{id}/reply`: the reviewed agent answers a published customer review, once. */
export async function replyToReview(
  deps: Deps,
  user: UserDoc,
  id: string,
  text: string,
): Promise<Review> {
  const doc = await publicReview(deps, user, id);
  if (doc.subject_id !== user.id || doc.author_role !== 'customer')
    throw forbidden('Only the agent this review is about may reply to it.');
  const saved = await mutateReview(deps, doc.id, (current) => {
    if (current.status !== 'published')
      throw conflict('You can reply once the review is published.');
    if (current.hidden) throw conflict('This review is hidden.');
    if (current.reply) throw conflict('You have already replied to this review.');
    const at = deps.clock.now().toISOString();
    return { ...current, reply: { text, created_at: at }, updated_at: at };
  });
  await tell(deps, doc.author_id, {
    kind: 'review-reply',
    key: doc.id,
    title: 'The agent replied to your review',
    body: `${user.full_name} replied to your review of “${doc.gig.title}”.`,
    // The reply is public on the gig page, in its reviews (the web app's `#reviews` section).
    link: doc.gig.id === null ? '/orders/' + doc.order_id : `/gigs/${doc.gig.id}#reviews`,
  }).catch((error: unknown) =>
    deps.logger.warn({ err: error, review: doc.id }, 'telling of a reply failed'),
  );
  return reviewFor(deps, user, saved!);
}

/** Counts a review's votes or reports from its view and stores the count on the review. */
async function recount(deps: Deps, id: string, what: 'votes' | 'reports'): Promise<ReviewDoc> {
  const db = deps.couch.db('market');
  const result =
    what === 'votes'
      ? await db.view('reviews', 'votes', { key: id, reduce: true } as never)
      : await db.view('reviews', 'reports', {
          startkey: [id],
          endkey: [id, {}],
          reduce: true,
        } as never);
  const count = Number(result.rows[0]?.value ?? 0);
  const saved = await mutateReview(deps, id, (current) => {
    if (what === 'votes')
      return current.helpful_count === count ? current : { ...current, helpful_count: count };
    if (current.report_count === count) return current;
    return { ...current, report_count: count, reported_at: deps.clock.now().toISOString() };
  });
  return saved!;
}

function assertPublishedOther(doc: ReviewDoc, user: UserDoc, what: string) {
  if (doc.status !== 'published' || doc.hidden) throw notFound('No such review.');
  if (doc.author_id === user.id) throw forbidden(`You cannot ${what} your own review.`);
}

/** `POST|DELETE /api/reviews/{id}/helpful`: a member's vote, counted once however often sent. */
export async function setHelpful(
  deps: Deps,
  user: UserDoc,
  id: string,
  helpful: boolean,
): Promise<Review> {
  const doc = await publicReview(deps, user, id);
  assertPublishedOther(doc, user, 'vote on');
  const db = deps.couch.db('market');
  const key = voteKey(doc.id, user.id);
  if (helpful) {
    const vote: ReviewVoteDoc = {
      _id: key,
      type: 'review_helpful',
      review_id: doc.id,
      user_id: user.id,
      at: deps.clock.now().toISOString(),
    };
    await db.insert(vote as never).catch((error: unknown) => {
      if (!isConflict(error)) throw error; // already voted: counted once
    });
  } else {
    try {
      const current = await db.get(key);
      await db.destroy(key, current._rev);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== 404 && status !== 409) throw error;
    }
  }
  return reviewFor(deps, user, await recount(deps, doc.id, 'votes'));
}

/** `POST /api/reviews/{id}/report`: once per member (409 after). */
export async function reportReview(
  deps: Deps,
  user: UserDoc,
  id: string,
  input: { reason: ReviewReportDoc['reason']; details: string | null },
): Promise<void> {
  const doc = await publicReview(deps, user, id);
  assertPublishedOther(doc, user, 'report');
  const report: ReviewReportDoc = {
    _id: reportKey(doc.id, user.id),
    type: 'review_report',
    review_id: doc.id,
    reason: input.reason,
    details: input.details,
    by: personOf(user),
    at: deps.clock.now().toISOString(),
  };
  try {
    await deps.couch.db('market').insert(report as never);
  } catch (error) {
    if (isConflict(error)) throw conflict('You have already reported this review.');
    throw error;
  }
  await recount(deps, doc.id, 'reports');
}

/** `GET /api/admin/reviews`: reported (default), hidden, published or all, with the reports. */
export async function adminReviews(
  deps: Deps,
  admin: UserDoc,
  query: { status: 'reported' | 'hidden' | 'published' | 'all'; page: number; per_page: number },
): Promise<ListResponse<AdminReview>> {
  const db = deps.couch.db('market');
  const bucket = query.status === 'all' ? '*' : query.status;
  const [count, rows] = await Promise.all([
    db.view('reviews', 'admin', {
      startkey: [bucket],
      endkey: [bucket, {}],
      reduce: true,
    } as never),
    db.view('reviews', 'admin', {
      startkey: [bucket, {}],
      endkey: [bucket],
      descending: true,
      reduce: false,
      include_docs: true,
      skip: (query.page - 1) * query.per_page,
      limit: query.per_page,
    } as never),
  ]);
  const docs = (rows.rows as unknown as { doc: ReviewDoc }[]).map((r) => r.doc);
  const reports = await Promise.all(
    docs.map((d) =>
      db.view('reviews', 'reports', {
        startkey: [d.id],
        endkey: [d.id, {}],
        reduce: false,
        include_docs: true,
      } as never),
    ),
  );
  const reviews = await toReviews(deps, docs, admin);
  const total = Number(count.rows[0]?.value ?? 0);
  return {
    data: reviews.map((review, i) => ({
      ...review,
      reports: (reports[i]!.rows as unknown as { doc: ReviewReportDoc }[]).map(({ doc }) => ({
        reason: doc.reason,
        details: doc.details,
        by: doc.by,
        at: doc.at,
      })),
    })),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}

/**
 * `POST /api/admin/reviews/{id}/hide|unhide`: a published review leaves (or rejoins) every
 * list, figure and the points; the gig's rating follows. Returns the review before and after.
 */
export async function moderate(
  deps: Deps,
  admin: UserDoc,
  id: string,
  hide: boolean,
  note: string | null,
): Promise<{ before: ReviewDoc; after: ReviewDoc }> {
  const before = parseReviewId(id) ? await readReviewDoc(deps, id) : null;
  if (!before || before.status !== 'published') throw notFound('No such review.');
  const after = await mutateReview(deps, id, (current) => {
    if (hide && current.hidden) throw conflict('This review is already hidden.');
    if (!hide && !current.hidden) throw conflict('This review is not hidden.');
    const at = deps.clock.now().toISOString();
    return {
      ...current,
      hidden: hide ? { note: note ?? '', at, by: admin.id } : null,
      updated_at: at,
      gig_sync: current.author_role === 'customer',
    };
  });
  if (!after) throw notFound('No such review.');
  await finishGigSync(deps, after).catch((error: unknown) =>
    deps.logger.warn({ err: error, review: id }, 'the gig rating follows at the next sweep'),
  );
  return { before, after };
}

export async function adminReview(deps: Deps, admin: UserDoc, doc: ReviewDoc): Promise<Review> {
  return reviewFor(deps, admin, doc);
}
