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
 * the standing, then both sums (in that order: sums read before the standing could be older than
 * the revision they overwrite), and writes the standing (deleted at 0 points), a compare-and-set
 * on that revision that reads the standing and the views again on a conflict, so two refreshes at
 * once end with the true figure whichever writes last, and moves the member between points values in the expertise's counts document (below).
 * `repairStandings` (`npm run standings:repair`) recomputes every standing and count from the views.
 */
import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';

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

/** Members per points value of one expertise, highest first. */
export type PointsCounts = { points: number; count: number }[];

/**
 * `standingcounts:<expertise>`: how many standings of the expertise have each points value. The
 * leaderboard reads its total, ranks and page starts from this one document: CouchDB keeps
 * reductions, but the embedded server reads every row of a range to reduce it (a second per few
 * thousand members on a busy machine), so the reduction of `standings/ranked` is kept here
 * instead. Each standing write moves one member from its old value to its new one (the old one
 * is the revision the compare-and-set replaced, so concurrent refreshes count exactly); a crash
 * between the two writes is set right by `recountStandings` (the repair).
 */
interface StandingCountsDoc {
  _id: string;
  _rev?: string;
  type: 'standing_counts';
  expertise: string;
  counts: Record<string, number>;
  updated_at: string;
}

const countsKey = (expertise: string) => `standingcounts:${expertise}`;

async function readCounts(deps: Pick<AppDeps, 'couch'>, expertise: string) {
  try {
    const doc = (await deps.couch
      .db('projects')
      .get(countsKey(expertise))) as unknown as StandingCountsDoc;
    return doc.type === 'standing_counts' ? doc : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Writes the counts document from `change(current counts)`, a compare-and-set retried. */
async function writeCounts(
  deps: Deps,
  expertise: string,
  change: (counts: Record<string, number>) => Record<string, number>,
): Promise<void> {
  const db = deps.couch.db('projects');
  for (let attempt = 0; ; attempt++) {
    const current = await readCounts(deps, expertise);
    const counts = change({ ...current?.counts });
    for (const [points, n] of Object.entries(counts)) if (!(n > 0)) delete counts[points];
    const doc: StandingCountsDoc = {
      _id: countsKey(expertise),
      ...(current ? { _rev: current._rev } : {}),
      type: 'standing_counts',
      expertise,
      counts,
      updated_at: deps.clock.now().toISOString(),
    };
    try {
      await db.insert(doc as never);
      return;
    } catch (error) {
      if (!isConflict(error) || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
    }
  }
}

/** One member moved from `from` points to `to` (null: no standing). */
const moveCount = (deps: Deps, expertise: string, from: number | null, to: number | null) =>
  writeCounts(deps, expertise, (counts) => {
    if (from !== null) counts[from] = (counts[from] ?? 0) - 1;
    if (to !== null) counts[to] = (counts[to] ?? 0) + 1;
    return counts;
  });

/** The members per points value of an expertise, highest first: one document read. */
export async function pointsCounts(
  deps: Pick<AppDeps, 'couch'>,
  expertise: string,
): Promise<PointsCounts> {
  const doc = await readCounts(deps, expertise);
  return Object.entries(doc?.counts ?? {})
    .map(([points, count]) => ({ points: Number(points), count }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.points - a.points);
}

/** Sets an expertise's counts document from `standings/ranked` reduced (the repair's step). */
async function recountStandings(deps: Deps, expertise: string): Promise<void> {
  const result = await deps.couch.db('projects').view('standings', 'ranked', {
    startkey: [expertise],
    endkey: [expertise, {}],
    group_level: 2,
  } as never);
  const counts: Record<string, number> = {};
  for (const row of result.rows as unknown as { key: [string, number]; value: number }[])
    counts[row.key[1]] = row.value;
  await writeCounts(deps, expertise, () => counts);
}

/** Makes one standing equal to the views (written, deleted or left alone). */
async function refreshOne(deps: Deps, userId: string, expertise: string): Promise<void> {
  const db = deps.couch.db('projects');
  const id = standingKey(expertise, userId);
  for (let attempt = 0; ; attempt++) {
    // The standing first, then the views: the sums are then at least as new as those the
    // revision about to be replaced was written from, and any write after that revision makes
    // this one a conflict (read both again).
    const current = await readStanding(deps, id);
    const points = await pointsOf(deps, userId, expertise);
    try {
      if (points <= 0) {
        if (current) {
          await db.destroy(id, current._rev!);
          await moveCount(deps, expertise, current.points, null);
        }
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
      await moveCount(deps, expertise, current?.points ?? null, points);
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
 * and each standing that exists (a standing whose points went to 0 is deleted); then each
 * expertise's counts document from `standings/ranked`. Idempotent. Safe while the API runs (each
 * standing is the same compare-and-set as a refresh), except that a refresh landing during the
 * recount of its expertise may be missed by that recount: run it again in a quiet moment to
 * settle. Returns how many pairs were checked.
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
  const expertise = new Set<string>();
  for (const pair of pairs) {
    const [userId, one] = JSON.parse(pair) as [string, string];
    expertise.add(one);
    await refreshOne(deps, userId, one);
  }
  const counted = await db.list({ startkey: 'standingcounts:', endkey: 'standingcounts:\ufff0' });
  for (const row of counted.rows) expertise.add(row.id.slice('standingcounts:'.length));
  for (const one of expertise) await recountStandings(deps, one);
  return pairs.size;
}
