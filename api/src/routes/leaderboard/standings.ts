/**
 * Leaderboard standings (wf_projects `standing:<expertise>:<user>`): a member's points in one
 * expertise, the sum of the two point views, which stay the truth:
 * - wf_market `reviews/points` (published, not hidden customer reviews of an agent, under the
 *   gig's service), and
 * - wf_projects `points/by_user` (lecturers' reviews of project participants, under the expertise
 *   they applied with),
 * both keyed [user, expertise] and `_sum`med, both applying `pointsForRating` (schemas/reviews.ts).
 *
 * A standing is written only so the leaderboard can be one sorted view (`standings/ranked`). After
 * anything that changes a member's points (an order review published, hidden or unhidden: the
 * review's `gig_sync` step in review-publication.ts; a project review), `refreshStandings` reads
 * both sums fresh and writes the standing (deleted at 0 points), a compare-and-set that reads the
 * views again on a conflict, so two refreshes at once end with the true figure whichever writes
 * last. `repairStandings` (`npm run standings:repair`) recomputes every standing from the views.
 */
import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import type { Couch } from '../../couch/connect';
import { isConflict, isNotFound } from '../../couch/errors';
import { seqCache } from '../../couch/seq-cache';

type Deps = Pick<AppDeps, 'couch' | 'clock'>;

export interface StandingDoc {
  _id: string;
  _rev?: string;
  type: 'standing';
  user_id: string;
  expertise: string;
  points: number;
  updated_at: string;
}

export const standingKey = (expertise: string, userId: string) => `standing:${expertise}:${userId}`;

type SumRow = { key: [string, string]; value: number };

/** One member's points in one expertise: both views' sums, read now. */
async function pointsOf(
  deps: Pick<AppDeps, 'couch'>,
  userId: string,
  expertise: string,
): Promise<number> {
  const key = [userId, expertise];
  const [orders, projects] = await Promise.all([
    deps.couch.db('market').view('reviews', 'points', { key, reduce: true } as never),
    deps.couch.db('projects').view('points', 'by_user', { key, reduce: true } as never),
  ]);
  const sum = (rows: unknown[]) => (rows as SumRow[])[0]?.value ?? 0;
  return sum(orders.rows) + sum(projects.rows);
}

async function readStanding(deps: Deps, id: string): Promise<StandingDoc | null> {
  try {
    return (await deps.couch.db('projects').get(id)) as unknown as StandingDoc;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Members per points value of one expertise, highest first: `standings/ranked` reduced. */
export type PointsCounts = { points: number; count: number }[];

const countCaches = new WeakMap<Couch, Map<string, ReturnType<typeof seqCache<PointsCounts>>>>();

async function loadCounts(couch: Couch, expertise: string): Promise<PointsCounts> {
  const result = await couch.db('projects').view('standings', 'ranked', {
    startkey: [expertise, {}],
    endkey: [expertise],
    descending: true,
    group_level: 2,
  } as never);
  return (result.rows as unknown as { key: [string, number]; value: number }[]).map((row) => ({
    points: row.key[1],
    count: row.value,
  }));
}

/**
 * The number of members at each points value of an expertise (totals and ranks come from it).
 * CouchDB keeps reductions, but the embedded server reads every row of the range for one: so it
 * is kept in memory per expertise and loaded again when wf_projects changed (seq-cache.ts: its
 * `update_seq`, checked at most once a second; at once after this process refreshed a standing).
 */
export function pointsCounts(couch: Couch, expertise: string): Promise<PointsCounts> {
  let caches = countCaches.get(couch);
  if (!caches) countCaches.set(couch, (caches = new Map()));
  let cache = caches.get(expertise);
  if (!cache) {
    cache = seqCache(
      () => couch.db('projects'),
      () => loadCounts(couch, expertise),
    );
    caches.set(expertise, cache);
  }
  return cache.get();
}

/** Makes one standing equal to the views (written, deleted or left alone). */
async function refreshOne(deps: Deps, userId: string, expertise: string): Promise<void> {
  const db = deps.couch.db('projects');
  const id = standingKey(expertise, userId);
  for (let attempt = 0; ; attempt++) {
    const [points, current] = await Promise.all([
      pointsOf(deps, userId, expertise),
      readStanding(deps, id),
    ]);
    try {
      if (points <= 0) {
        if (current) await db.destroy(id, current._rev!);
        if (current) countCaches.get(deps.couch)?.get(expertise)?.invalidate();
        return;
      }
      if (current?.points === points) return;
      const doc: StandingDoc = {
        _id: id,
        ...(current ? { _rev: current._rev } : {}),
        type: 'standing',
        user_id: userId,
        expertise,
        points,
        updated_at: deps.clock.now().toISOString(),
      };
      await db.insert(doc as never);
      countCaches.get(deps.couch)?.get(expertise)?.invalidate();
      return;
    } catch (error) {
      // Another refresh wrote (or deleted) it meanwhile: read the views and the standing again.
      if (!(isConflict(error) || isNotFound(error)) || attempt >= 8) throw error;
    }
  }
}

/** Makes `userId`'s standing in each expertise equal to their points in it now. */
export async function refreshStandings(
  deps: Deps,
  userId: string,
  expertise: string[],
): Promise<void> {
  for (const one of new Set(expertise)) await refreshOne(deps, userId, one);
}

/** Every [user, expertise] with points in a `_sum` view, read by group in pages. */
async function pairsOf(
  db: DocumentScope<Record<string, unknown>>,
  ddoc: string,
  view: string,
  into: Set<string>,
): Promise<void> {
  const pageSize = 1000;
  let startkey: unknown = undefined;
  for (;;) {
    const result = await db.view(ddoc, view, {
      group: true,
      limit: pageSize + 1,
      ...(startkey ? { startkey } : {}),
    } as never);
    const rows = result.rows as unknown as SumRow[];
    for (const row of rows.slice(0, pageSize)) into.add(JSON.stringify(row.key));
    if (rows.length <= pageSize) return;
    startkey = rows[pageSize]!.key;
  }
}

/**
 * Recomputes every standing from the two point views: each [user, expertise] either view has,
 * and each standing that exists (a standing whose points went to 0 is deleted). Idempotent; safe
 * while the API runs (each standing is the same compare-and-set as a refresh). Returns how many
 * pairs were checked.
 */
export async function repairStandings(deps: Deps): Promise<number> {
  const pairs = new Set<string>();
  await pairsOf(deps.couch.db('market'), 'reviews', 'points', pairs);
  await pairsOf(deps.couch.db('projects'), 'points', 'by_user', pairs);
  const db = deps.couch.db('projects');
  let startkey = 'standing:';
  for (;;) {
    const page = await db.list({
      startkey,
      endkey: 'standing:\ufff0',
      limit: 1001,
      include_docs: true,
    });
    for (const row of page.rows.slice(0, 1000)) {
      const standing = row.doc as unknown as StandingDoc | undefined;
      if (standing?.type === 'standing')
        pairs.add(JSON.stringify([standing.user_id, standing.expertise]));
    }
    if (page.rows.length <= 1000) break;
    startkey = page.rows[1000]!.id;
  }
  for (const pair of pairs) {
    const [userId, expertise] = JSON.parse(pair) as [string, string];
    await refreshOne(deps, userId, expertise);
  }
  return pairs.size;
}
