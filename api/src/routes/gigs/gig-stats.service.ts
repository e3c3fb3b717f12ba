import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import type { Couch } from '../../couch/connect';
import { isConflict, isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import type { AgentStats } from '../../schemas/gig-stats';
import { USERDB_PREFIX } from '../../schemas/userdb-rules';
import type { UserDoc } from '../users/users.model';
import { gigOrderCounts } from './gig-orders';
import { agentGigs } from './gigs.service';

type Deps = Pick<AppDeps, 'couch' | 'logger'>;

/**
 * One gig's figures for one UTC day, in wf_catalog: `views` (counted by the API, batched) and
 * `savers` (the users who newly saved the gig to a wishlist that day; a set, so counting the same
 * save twice, as a retried job may, changes nothing).
 */
interface GigStatDoc {
  _id: string;
  _rev?: string;
  type: 'gigstat';
  gig_id: string;
  day: string;
  views: number;
  savers: string[];
}

/** What a user had saved when their wishlists were last looked at (wf_catalog). */
interface GigSavesDoc {
  _id: string;
  _rev?: string;
  type: 'gigsaves';
  user_id: string;
  gig_ids: string[];
  updated_at: string;
}

const STATS_DAYS = 30;
/** A viewer's views of a gig within this window count once. */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;
/** Counted views are written at most this often (and before stats are read, and at shutdown). */
const FLUSH_EVERY_MS = 15_000;
/** Viewer-gig pairs remembered at most; beyond it the oldest are forgotten first. */
const MAX_SEEN = 200_000;

export const statId = (gigId: string, day: string) => `gigstat:${gigId}:${day}`;
const savesId = (userId: string) => `gigsaves:${userId}`;
export const utcDay = (date: Date = new Date()) => date.toISOString().slice(0, 10);

/**
 * Reads a gig's day document (or starts it), lets `change` update it and writes it back; a
 * concurrent write (409: another instance or job) reads again and retries.
 */
async function updateStat(
  couch: Couch,
  gigId: string,
  day: string,
  change: (doc: GigStatDoc) => GigStatDoc | null,
): Promise<void> {
  const db = couch.db('catalog');
  const id = statId(gigId, day);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    let doc: GigStatDoc;
    try {
      doc = (await db.get(id)) as unknown as GigStatDoc;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      doc = { _id: id, type: 'gigstat', gig_id: gigId, day, views: 0, savers: [] };
    }
    const next = change(doc);
    if (!next) return;
    try {
      await db.insert(next as never);
      return;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  throw new Error(`The stats of gig ${gigId} on ${day} kept changing; will retry.`);
}

/**
 * Views, counted cheaply: each view is checked against the viewers seen in the last hour (in
 * memory, per API instance) and added to a pending count per gig and day; the counts are written
 * every FLUSH_EVERY_MS, so a busy gig costs one write per flush, not one per request.
 */
export class ViewCounter {
  /** `gigId|viewer` → when that viewer's next view may count (ms). */
  private readonly seen = new Map<string, number>();
  /** `gigId|day` → views not yet written. */
  private readonly pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: Deps) {}

  record(gigId: string, viewer: string, now = Date.now()): boolean {
    const key = `${gigId}|${viewer}`;
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.delete(key); // re-inserted last: the map stays in order of expiry
    this.seen.set(key, now + VIEW_WINDOW_MS);
    if (this.seen.size > MAX_SEEN) this.prune(now);
    const day = `${gigId}|${utcDay(new Date(now))}`;
    this.pending.set(day, (this.pending.get(day) ?? 0) + 1);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'writing gig views failed; kept for the next try'),
      );
    }, FLUSH_EVERY_MS).unref();
    return true;
  }

  private prune(now: number) {
    for (const [key, until] of this.seen) {
      if (until <= now || this.seen.size > MAX_SEEN * 0.9) this.seen.delete(key);
      else break;
    }
  }

  /**
   * Writes the pending counts; one that fails is kept and written next time. Flushes run one
   * after another; one that failed (its caller has the error) does not stop the next.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .catch(() => undefined)
      .then(async () => {
        const batch = [...this.pending];
        this.pending.clear();
        let failure: unknown;
        for (const [key, count] of batch) {
          const [gigId, day] = key.split('|') as [string, string];
          try {
            await updateStat(this.deps.couch, gigId, day, (doc) => ({
              ...doc,
              views: doc.views + count,
            }));
          } catch (error) {
            this.pending.set(key, (this.pending.get(key) ?? 0) + count);
            failure ??= error;
          }
        }
        if (failure) throw failure;
      });
    return this.flushing;
  }
}

const counters = new WeakMap<Couch, ViewCounter>();

function counterFor(deps: Deps): ViewCounter {
  let counter = counters.get(deps.couch);
  if (!counter) {
    counter = new ViewCounter(deps);
    counters.set(deps.couch, counter);
  }
  return counter;
}

/**
 * Counts a view of an active gig by someone other than its owner, at most once per viewer (user
 * id, or the client address of a guest) per gig per hour. Returns whether it counted.
 */
export function countGigView(
  deps: Deps,
  gig: { id: string; status: string; owner: { id: string } },
  viewer: { userId?: string; address: string },
): boolean {
  if (gig.status !== 'active' || viewer.userId === gig.owner.id) return false;
  const key = viewer.userId ? `u:${viewer.userId}` : `a:${viewer.address}`;
  return counterFor(deps).record(gig.id, key);
}

/** Writes the views counted so far (before stats are read, and when the API stops). */
export function flushGigViews(deps: Deps): Promise<void> {
  return counters.get(deps.couch)?.flush() ?? Promise.resolve();
}

/** The gig ids a user has in any of their wishlists now (their own database). */
async function savedGigIds(couch: Couch, userId: string): Promise<string[]> {
  const db = couch.server.use(userDbName(couch, userId)) as DocumentScope<unknown>;
  const prefix = USERDB_PREFIX.wishlistItem;
  const rows = await db.list({ startkey: prefix, endkey: `${prefix}\ufff0` });
  const ids = new Set<string>();
  for (const row of rows.rows) {
    // wishitem:<list_id>:<kind>:<ref>; list ids are "wishlist:<uuid>", so split from the end.
    const match = /:gig:([^:]+)$/.exec(row.id);
    if (match) ids.add(match[1]!);
  }
  return [...ids].sort();
}

/**
 * The saves job (after a user's wishlist items were written): the gigs saved now are compared
 * with those saved when this last ran, and each newly saved gig gets the user among today's
 * savers. Idempotent: running it twice adds nobody twice.
 */
export async function recountSaves(deps: Deps, userId: string): Promise<void> {
  const catalog = deps.couch.db('catalog');
  let current: string[];
  try {
    current = await savedGigIds(deps.couch, userId);
  } catch (error) {
    if (isNotFound(error)) return; // the account (and its database) is gone
    throw error;
  }
  let stored: GigSavesDoc | null = null;
  try {
    stored = (await catalog.get(savesId(userId))) as unknown as GigSavesDoc;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const before = new Set(stored?.gig_ids ?? []);
  const added = current.filter((id) => !before.has(id));
  if (added.length) {
    // Only published gigs count: an item may name a deleted gig, or the id of a draft.
    const existing = await catalog.fetch({ keys: added.map((id) => `gig:${id}`) });
    const day = utcDay();
    for (const row of existing.rows as {
      doc?: { type?: string; id?: string; status?: string };
    }[]) {
      if (row.doc?.type !== 'gig' || row.doc.status !== 'active' || !row.doc.id) continue;
      await updateStat(deps.couch, row.doc.id, day, (doc) =>
        doc.savers.includes(userId) ? null : { ...doc, savers: [...doc.savers, userId] },
      );
    }
  }
  if (stored && stored.gig_ids.join() === current.join()) return;
  try {
    await catalog.insert({
      _id: savesId(userId),
      ...(stored?._rev ? { _rev: stored._rev } : {}),
      type: 'gigsaves',
      user_id: userId,
      gig_ids: current,
      updated_at: new Date().toISOString(),
    } as never);
  } catch (error) {
    // Another run stored a newer set meanwhile; it compared against this one's input.
    if (!isConflict(error)) throw error;
  }
}

/** The last `days` UTC days, oldest first, ending today. */
export function lastDays(days = STATS_DAYS, today: Date = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    utcDay(new Date(end - (days - 1 - i) * 86_400_000)),
  );
}

/**
 * The agent's figures: views and wishlist saves per day over the last 30 days (all their gigs
 * together), the 30-day totals, and per gig the 30-day and all-time figures and orders.
 */
export async function agentStats(deps: Deps, owner: UserDoc): Promise<AgentStats> {
  await flushGigViews(deps).catch((error: unknown) =>
    deps.logger.warn({ err: error }, 'writing gig views failed; kept for the next try'),
  );
  const catalog = deps.couch.db('catalog');
  const gigs = await agentGigs(deps, owner);
  const ids = gigs.map((g) => g.id);
  const days = lastDays();
  const perDay = new Map(days.map((day) => [day, { day, views: 0, saves: 0 }]));
  const perGig = new Map(ids.map((id) => [id, { views: 0, saves: 0 }]));
  if (ids.length) {
    const keys = ids.flatMap((id) => days.map((day) => statId(id, day)));
    const rows = await catalog.fetch({ keys });
    for (const row of rows.rows as { doc?: GigStatDoc }[]) {
      const doc = row.doc;
      if (doc?.type !== 'gigstat') continue;
      const day = perDay.get(doc.day);
      const gig = perGig.get(doc.gig_id);
      if (!day || !gig) continue;
      day.views += doc.views;
      day.saves += doc.savers.length;
      gig.views += doc.views;
      gig.saves += doc.savers.length;
    }
  }
  const allTime = new Map<string, [number, number]>();
  if (ids.length) {
    const totals = await catalog.view<[number, number]>('gigstats', 'by_gig', {
      keys: ids,
      group: true,
    });
    for (const row of totals.rows) allTime.set(row.key as string, row.value);
  }
  const orders = await gigOrderCounts(deps, ids);
  const series = [...perDay.values()];
  return {
    days: series,
    totals: {
      views: series.reduce((sum, d) => sum + d.views, 0),
      saves: series.reduce((sum, d) => sum + d.saves, 0),
      orders: [...orders.values()].reduce((sum, o) => sum + o.total, 0),
    },
    gigs: gigs.map((gig) => ({
      id: gig.id,
      title: gig.title,
      status: gig.status,
      views_30d: perGig.get(gig.id)!.views,
      saves_30d: perGig.get(gig.id)!.saves,
      views_total: allTime.get(gig.id)?.[0] ?? 0,
      saves_total: allTime.get(gig.id)?.[1] ?? 0,
      orders: orders.get(gig.id)?.total ?? 0,
    })),
  };
}
