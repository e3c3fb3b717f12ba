/**
 * Publishing reviews and what follows: a review becomes public when both sides are in (the
 * second write publishes both) or when the window closes (review-timers.ts). Publishing, hiding
 * and unhiding a customer review set `gig_sync` in the same write; `syncGigRating` then makes
 * the gig document's `rating` equal to the `reviews/stats` figures, `refreshStandings` the
 * agent's leaderboard standing in the gig's service equal to their points (a compare-and-set that
 * retries on 409 and changes nothing when already equal) and clears the flag. A crash between
 * leaves the flag, and the orders' sweep finishes it (`resumeGigSync`). Telling the author
 * "your review was published" works the same way: `notify_published` is set in the publishing
 * write and cleared once the notification (a deterministic id: written once) and mail are out.
 */
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { orderEventMail } from '../../mail/templates';
import { writeNotification } from '../notifications/notifications.service';
import { userKey, type UserDoc } from '../users/users.model';
import type { RatingSummary } from '../../schemas/reviews';
import {
  gigStatsKey,
  reviewId,
  reviewKey,
  type ReviewDoc,
  type ReviewRole,
  type ReviewStatsDoc,
} from './reviews.model';
import { toSummary } from './reviews.view';
import { refreshStandings } from '../leaderboard/standings';

export type ReviewDeps = Pick<
  AppDeps,
  'couch' | 'logger' | 'env' | 'mailer' | 'clock' | 'publicUrl'
>;

export async function readReviewDoc(
  deps: Pick<AppDeps, 'couch'>,
  id: string,
): Promise<ReviewDoc | null> {
  try {
    const doc = (await deps.couch.db('market').get(reviewKey(id))) as unknown as ReviewDoc;
    return doc.type === 'review' ? doc : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Both sides' reviews of an order in one request (either may be missing). */
export async function orderReviewDocs(
  deps: Pick<AppDeps, 'couch'>,
  orderId: string,
): Promise<Record<ReviewRole, ReviewDoc | null>> {
  const keys = (['customer', 'agent'] as const).map((r) => reviewKey(reviewId(orderId, r)));
  const result = await deps.couch.db('market').fetch({ keys });
  const docs = (result.rows as { doc?: ReviewDoc | null }[]).map((row) =>
    row.doc?.type === 'review' ? row.doc : null,
  );
  return { customer: docs[0] ?? null, agent: docs[1] ?? null };
}

/**
 * Reads, changes and writes a review with its revision; a conflict is read and changed again.
 * `change` returns the review unchanged to write nothing, or throws the refusal.
 */
export async function mutateReview(
  deps: Pick<AppDeps, 'couch'>,
  id: string,
  change: (doc: ReviewDoc) => ReviewDoc,
): Promise<ReviewDoc | null> {
  const db = deps.couch.db('market');
  for (let attempt = 0; ; attempt++) {
    const current = await readReviewDoc(deps, id);
    if (!current) return null;
    const next = change(current);
    if (next === current) return current;
    try {
      const result = await db.insert(next as never);
      return { ...next, _rev: result.rev };
    } catch (error) {
      if (!isConflict(error) || attempt >= 8) throw error;
    }
  }
}

/** A gig's published, not hidden customer reviews as figures, reduced by `reviews/stats`. */
async function reduceGigSummary(deps: Pick<AppDeps, 'couch'>, gigId: string) {
  const result = await deps.couch
    .db('market')
    .view('reviews', 'stats', { key: ['gig', gigId], reduce: true } as never);
  return toSummary(result.rows[0]?.value as number[] | undefined);
}

/** The gig page's figures: one document (`reviewstats:gig:<id>`), zeros before any review. */
export async function gigSummary(
  deps: Pick<AppDeps, 'couch'>,
  gigId: string,
): Promise<RatingSummary> {
  try {
    const doc = (await deps.couch
      .db('market')
      .get(gigStatsKey(gigId))) as unknown as ReviewStatsDoc;
    return doc.summary;
  } catch (error) {
    if (isNotFound(error)) return toSummary(undefined);
    throw error;
  }
}

/** Writes `doc` over the current revision of its id unless `same` says it is already there. */
async function putIfChanged<T extends { _id: string; _rev?: string }>(
  db: ReturnType<AppDeps['couch']['db']>,
  doc: T,
  same: (current: T) => boolean,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    let rev: string | undefined;
    try {
      const current = (await db.get(doc._id)) as unknown as T;
      if (same(current)) return;
      rev = current._rev;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      await db.insert({ ...doc, _rev: rev } as never);
      return;
    } catch (error) {
      if (!isConflict(error) || attempt >= 8) throw error;
    }
  }
}

/**
 * Makes the gig's figures document and the gig document's `rating` equal to its published, not
 * hidden customer reviews (the search index, `min_rating` and the rating sort read the gig).
 * Idempotent; each a compare-and-set retried on a conflict.
 */
export async function syncGigRating(deps: Pick<AppDeps, 'couch'>, gigId: string): Promise<void> {
  const summary = await reduceGigSummary(deps, gigId);
  await putIfChanged<ReviewStatsDoc>(
    deps.couch.db('market'),
    { _id: gigStatsKey(gigId), type: 'review_stats', gig_id: gigId, summary },
    (current) => JSON.stringify(current.summary) === JSON.stringify(summary),
  );
  const db = deps.couch.db('catalog');
  const { average, count } = summary;
  for (let attempt = 0; ; attempt++) {
    let gig: { _rev: string; type: string; rating?: { average: number; count: number } };
    try {
      gig = (await db.get(`gig:${gigId}`)) as never;
    } catch (error) {
      if (isNotFound(error)) return; // the gig was deleted: nothing to keep up to date
      throw error;
    }
    if (gig.type !== 'gig') return;
    if (gig.rating?.average === average && gig.rating?.count === count) return;
    try {
      await db.insert({ ...gig, rating: { average, count } } as never);
      return;
    } catch (error) {
      if (!isConflict(error) || attempt >= 8) throw error;
    }
  }
}

/** The gig and the subject's standing follow the review, then the review's flag is cleared (if it is still set). */
export async function finishGigSync(deps: ReviewDeps, doc: ReviewDoc): Promise<void> {
  if (!doc.gig_sync) return;
  // A gig-less order (an offer on a job) has no gig rating to follow.
  if (doc.gig.id !== null) await syncGigRating(deps, doc.gig.id);
  // The agent's leaderboard standing in the gig's service follows the points too.
  await refreshStandings(deps, doc.subject_id, [doc.gig.service_id]);
  await mutateReview(deps, doc.id, (current) =>
    current.gig_sync ? { ...current, gig_sync: false } : current,
  );
}

/** "Your review was published" to its author, then the review's flag is cleared. */
async function finishPublishedNotice(deps: ReviewDeps, doc: ReviewDoc): Promise<void> {
  if (!doc.notify_published) return;
  await tell(deps, doc.author_id, {
    kind: 'review-published',
    key: doc.id,
    title: 'Your review was published',
    body: `Your review of “${doc.gig.title}” is now public.`,
    link: `/orders/${doc.order_id}`,
  });
  await mutateReview(deps, doc.id, (current) =>
    current.notify_published ? { ...current, notify_published: false } : current,
  );
}

/**
 * The sweep's part: reviews whose gig did not follow yet, or whose author was not told of the
 * publication yet (a crash between the publishing write and what follows it).
 */
export async function resumeGigSync(deps: ReviewDeps): Promise<number> {
  const rows = await deps.couch
    .db('market')
    .view('reviews', 'followup', { limit: 200, include_docs: true } as never);
  for (const row of rows.rows as unknown as { doc: ReviewDoc }[]) {
    await finishGigSync(deps, row.doc)
      .then(() => finishPublishedNotice(deps, row.doc))
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, review: row.doc.id }, 'a review follow-up failed'),
      );
  }
  return rows.rows.length;
}

async function readUser(deps: ReviewDeps, id: string): Promise<UserDoc | null> {
  try {
    return (await deps.couch.db('users').get(userKey(id))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * A notification (deterministic id `notification:<kind>:<key>`: written once) and a mail. A
 * deleted account's database is gone: nobody to tell.
 */
export async function tell(
  deps: ReviewDeps,
  userId: string,
  message: { kind: string; key: string; title: string; body: string; link: string },
): Promise<void> {
  try {
    await writeNotification(deps, userId, message);
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  const user = await readUser(deps, userId);
  if (user && user.status === 'active')
    await deps.mailer.send(
      orderEventMail(
        user.email,
        user.full_name,
        message.title,
        message.body,
        `${deps.publicUrl()}${message.link}`,
      ),
    );
}

/**
 * Publishes an order's pending reviews (both in, or the window closed): each a compare-and-set
 * to `published`, then the gig's rating, then "your review was published" to each author.
 * Idempotent: a review already published is left as it is and its author is not told again.
 */
export async function publishOrderReviews(deps: ReviewDeps, orderId: string): Promise<void> {
  const docs = await orderReviewDocs(deps, orderId);
  for (const role of ['customer', 'agent'] as const) {
    const doc = docs[role];
    if (!doc || doc.status !== 'pending') continue;
    let publishedNow = false;
    const published = await mutateReview(deps, doc.id, (current) => {
      if (current.status !== 'pending') return current;
      publishedNow = true;
      const at = deps.clock.now().toISOString();
      return {
        ...current,
        status: 'published',
        published_at: at,
        updated_at: at,
        gig_sync: current.author_role === 'customer',
        notify_published: true,
      };
    });
    if (!published || !publishedNow) continue;
    await finishGigSync(deps, published);
    await finishPublishedNotice(deps, { ...published, gig_sync: false });
  }
}
