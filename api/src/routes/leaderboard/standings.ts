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
import { readTyped } from '../../couch/compare-and-set';
import { isConflict, isNotFound } from '../../couch/errors';
import { inPages } from '../../couch/pages';

type Deps = Pick<AppDeps, 'couch' | 'clock'>;

/** One member moved between points values of the counts document (null: no standing). */
interface CountMove {
  from: number | null;
  to: number | null;
}

export interface StandingDoc {
  _id: string;
  _rev?: string;
  type: 'standing';
  user_id: string;
  expertise: string;
  /** 0 only while the member's removal is pending (`count_move` set), then the doc is deleted. */
  points: number;
  /**
   * The count move this revision still owes the counts document; cleared (or the standing
   * deleted, at 0 points) once applied. Applied at most once: see `finishCountMove`.
   */
  count_move?: CountMove | null;
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

/** A standing by id, or null. */
export const readStanding = (deps: Pick<AppDeps, 'couch'>, id: string) =>
  readTyped<StandingDoc>(deps.couch.db('projects'), id, 'standing');

/** Members per points value of one expertise, highest first. */
export type PointsCounts = { points: number; count: number }[];

/**
 * `standingcounts:<expertise>`: how many standings of the expertise have each points value. The
 * leaderboard reads its total, ranks and page starts from this one document: CouchDB keeps
 * reductions, but the embedded server reads every row of a range to reduce it (a second per few
 * thousand members on a busy machine), so the reduction of `standings/ranked` is kept here
 * instead. Each standing write moves one member from its old value to its new one (the old one
 * is the revision the compare-and-set replaced, so concurrent refreshes count exactly). The move
 * is resumable: the standing revision records it (`count_move`), the counts document applies it
 * once (it keeps the keys `<standing id>@<rev>` of the last APPLIED_KEPT moves it applied), then
 * the standing's `count_move` is cleared by a compare-and-set. A move left pending (a crash, a
 * timeout, the counts write giving up) is finished by the next refresh of that standing, or by
 * the repair, before anything else. Bound: a pending move finished after more than APPLIED_KEPT
 * other moves of its expertise would be applied twice; the repair's recount sets that right.
 */
interface StandingCountsDoc {
  _id: string;
  _rev?: string;
  type: 'standing_counts';
  expertise: string;
  counts: Record<string, number>;
  /** `<standing id>@<standing rev>` of the moves applied last, oldest first. */
  applied?: string[];
  updated_at: string;
}

const APPLIED_KEPT = 200;

const countsKey = (expertise: string) => `standingcounts:${expertise}`;

const readCounts = (deps: Pick<AppDeps, 'couch'>, expertise: string) =>
  readTyped<StandingCountsDoc>(deps.couch.db('projects'), countsKey(expertise), 'standing_counts');

type Counts = Pick<StandingCountsDoc, 'counts' | 'applied'>;

/**
 * Writes the counts document from `change(current)`, a compare-and-set retried; `change` returns
 * null to write nothing.
 */
async function writeCounts(
  deps: Deps,
  expertise: string,
  change: (current: { counts: Record<string, number>; applied: string[] }) => Counts | null,
): Promise<void> {
  const db = deps.couch.db('projects');
  for (let attempt = 0; ; attempt++) {
    const current = await readCounts(deps, expertise);
    const next = change({ counts: { ...current?.counts }, applied: [...(current?.applied ?? [])] });
    if (!next) return;
    const counts = next.counts;
    for (const [points, n] of Object.entries(counts)) if (!(n > 0)) delete counts[points];
    const doc: StandingCountsDoc = {
      _id: countsKey(expertise),
      ...(current ? { _rev: current._rev } : {}),
      type: 'standing_counts',
      expertise,
      counts,
      applied: (next.applied ?? []).slice(-APPLIED_KEPT),
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

/**
 * Applies the count move a standing revision owes (once: its key `<id>@<rev>` is recorded in the
 * counts document), then clears it from the standing (deletes the standing at 0 points), a
 * compare-and-set. Returns the standing after, null when deleted, or undefined when someone else
 * wrote the standing meanwhile (whoever did finished this move first).
 */
async function finishCountMove(
  deps: Deps,
  standing: StandingDoc,
): Promise<StandingDoc | null | undefined> {
  const move = standing.count_move;
  if (!move) return standing;
  const key = `${standing._id}@${standing._rev}`;
  await writeCounts(deps, standing.expertise, ({ counts, applied }) => {
    if (applied.includes(key)) return null;
    if (move.from !== null) counts[move.from] = (counts[move.from] ?? 0) - 1;
    if (move.to !== null) counts[move.to] = (counts[move.to] ?? 0) + 1;
    return { counts, applied: [...applied, key] };
  });
  const db = deps.couch.db('projects');
  try {
    if (!(standing.points > 0)) {
      await db.destroy(standing._id, standing._rev!);
      return null;
    }
    const cleared: StandingDoc = { ...standing, count_move: null };
    const result = await db.insert(cleared as never);
    return { ...cleared, _rev: result.rev };
  } catch (error) {
    if (isConflict(error) || isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * The members per points value of an expertise, highest first: one document read (`writeCounts`
 * keeps only values with members).
 */
export async function pointsCounts(
  deps: Pick<AppDeps, 'couch'>,
  expertise: string,
): Promise<PointsCounts> {
  const doc = await readCounts(deps, expertise);
  return Object.entries(doc?.counts ?? {})
    .map(([points, count]) => ({ points: Number(points), count }))
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
  await writeCounts(deps, expertise, ({ applied }) => ({ counts, applied }));
}

/**
 * Makes one standing equal to the views (written, deleted or left alone), first finishing a count
 * move the standing still owes.
 */
async function refreshOne(deps: Deps, userId: string, expertise: string): Promise<void> {
  const db = deps.couch.db('projects');
  const id = standingKey(expertise, userId);
  for (let attempt = 0; ; attempt++) {
    if (attempt > 8) throw new Error(`standing ${id}: too many concurrent writes`);
    // The standing first, then the views: the sums are then at least as new as those the
    // revision about to be replaced was written from, and any write after that revision makes
    // this one a conflict (read both again).
    const read = await readStanding(deps, id);
    const current = read?.count_move ? await finishCountMove(deps, read) : read;
    if (current === undefined) continue; // written meanwhile: read it again
    const points = await pointsOf(deps, userId, expertise);
    const had = current && current.points > 0 ? current.points : null;
    const want = points > 0 ? points : null;
    if (!current ? want === null : had !== null && had === want) return;
    let written: StandingDoc;
    try {
      if (had === null && want === null) {
        // A standing left at 0 points with no move owed: delete it.
        await db.destroy(id, current!._rev!);
        return;
      }
      written = {
        _id: id,
        ...(current ? { _rev: current._rev } : {}),
        type: 'standing',
        user_id: userId,
        expertise,
        points: want ?? 0,
        count_move: { from: had, to: want },
        updated_at: deps.clock.now().toISOString(),
      };
      written._rev = (await db.insert(written as never)).rev;
    } catch (error) {
      // Another refresh wrote (or deleted) it meanwhile: read the standing and the views again.
      if (isConflict(error) || isNotFound(error)) continue;
      throw error;
    }
    // Outside the conflict catch: a move that fails stays owed and is finished by the next
    // refresh (or the repair), never mistaken for a standing conflict.
    await finishCountMove(deps, written);
    return;
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

/** Every [user, expertise] with points in a `_sum` view and its sum, read by group in pages. */
async function sumsOf(
  db: DocumentScope<Record<string, unknown>>,
  ddoc: string,
  view: string,
  into: Map<string, number>,
): Promise<void> {
  const pages = inPages<SumRow>(
    async (limit, startkey) =>
      (
        await db.view(ddoc, view, {
          group: true,
          limit,
          ...(startkey ? { startkey } : {}),
        } as never)
      ).rows as unknown as SumRow[],
    (row) => row.key,
  );
  for await (const rows of pages)
    for (const row of rows) {
      const pair = JSON.stringify(row.key);
      into.set(pair, (into.get(pair) ?? 0) + row.value);
    }
}

/**
 * Recomputes every standing from the two point views: each [user, expertise] either view has,
 * and each standing that exists (a standing whose points went to 0 is deleted), refreshing only
 * the pairs whose standing differs from the sums of the grouped reads (or owes a count move),
 * so a sound leaderboard costs the paged reads and no request per pair; then each
 * expertise's counts document from `standings/ranked`. Idempotent. Safe while the API runs (each
 * standing is the same compare-and-set as a refresh), except that a refresh landing during the
 * recount of its expertise may be missed by that recount: run it again in a quiet moment to
 * settle. Returns how many pairs were checked.
 */
export async function repairStandings(deps: Deps): Promise<number> {
  const sums = new Map<string, number>();
  await sumsOf(deps.couch.db('market'), 'reviews', 'points', sums);
  await sumsOf(deps.couch.db('projects'), 'points', 'by_user', sums);
  const db = deps.couch.db('projects');
  const standings = new Map<string, StandingDoc>();
  const listed = inPages(
    async (limit, startkey) =>
      (
        await db.list({
          startkey: (startkey as string | undefined) ?? 'standing:',
          endkey: 'standing:\ufff0',
          limit,
          include_docs: true,
        })
      ).rows,
    (row) => row.id,
  );
  for await (const rows of listed)
    for (const row of rows) {
      const standing = row.doc as unknown as StandingDoc | undefined;
      if (standing?.type === 'standing')
        standings.set(JSON.stringify([standing.user_id, standing.expertise]), standing);
    }
  const pairs = new Set([...sums.keys(), ...standings.keys()]);
  const expertise = new Set<string>();
  for (const pair of pairs) {
    const [userId, one] = JSON.parse(pair) as [string, string];
    expertise.add(one);
    // Only what differs is refreshed (which reads the views again for that pair): a standing
    // owing a count move, missing, left at 0 points, or not the sum the grouped reads found.
    const sum = sums.get(pair) ?? 0;
    const standing = standings.get(pair);
    const right = standing
      ? !standing.count_move && standing.points > 0 && standing.points === sum
      : !(sum > 0);
    if (!right) await refreshOne(deps, userId, one);
  }
  const counted = await db.list({ startkey: 'standingcounts:', endkey: 'standingcounts:\ufff0' });
  for (const row of counted.rows) expertise.add(row.id.slice('standingcounts:'.length));
  for (const one of expertise) await recountStandings(deps, one);
  return pairs.size;
}
