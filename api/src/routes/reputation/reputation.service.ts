/**
 * Reputation and seller levels (issue 17): the measures of an agent, each read from a view of
 * wf_market (a few reduced ranges per agent, never a scan), the level they reach under
 * SELLER_LEVEL_RULES, and what the next level still needs, in words.
 *
 * - completed orders and the average rating: the agent's whole history (`orders/by_party`,
 *   `reviews/stats`, the same figures as the agent's reviews on their profile);
 * - on-time delivery, cancellations and chat responses: the last REPUTATION_WINDOW_DAYS
 *   (`reputation/orders`, `reputation/responses`). A rate with nothing to measure in the window
 *   is null and holds nobody back; a level always needs reviews, though.
 */
import type { AppDeps } from '../../context';
import { toSummary } from '../reviews/reviews.view';
import {
  REPUTATION_WINDOW_DAYS,
  SELLER_LEVEL_RULES,
  SELLER_LEVELS,
  type Reputation,
  type SellerLevel,
  type SellerLevelProgress,
} from '../../schemas/reputation';

type Deps = Pick<AppDeps, 'couch' | 'clock'>;
type Couch = AppDeps['couch'];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A conversation is answered in time when the agent's first message comes within this. */
const RESPONSE_WINDOW_HOURS = 24;

interface Stats {
  sum: number;
  count: number;
}
const NONE: Stats = { sum: 0, count: 0 };

/** One reduced range of a `_stats` view: the sum and count of its values. */
async function statsOf(
  couch: Couch,
  ddoc: string,
  view: string,
  range: { startkey: unknown; endkey: unknown; inclusive_end?: boolean } | { key: unknown },
): Promise<Stats> {
  const result = await couch.db('market').view(ddoc, view, { ...range, reduce: true } as never);
  const value = result.rows[0]?.value as unknown as Stats | undefined;
  return value ? { sum: value.sum, count: value.count } : NONE;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const rate = (s: Stats) => (s.count ? round(s.sum / s.count, 4) : null);

/**
 * The agent's average rating over the published, not hidden customer reviews: the reviews'
 * own `reviews/stats` range of the agent (the figures of their profile's reviews), 2 decimals,
 * 0 with none.
 */
export async function agentRating(
  couch: Couch,
  agentId: string,
): Promise<{ average: number; count: number }> {
  const result = await couch.db('market').view('reviews', 'stats', {
    key: ['user', agentId, 'agent'],
    reduce: true,
  } as never);
  const { average, count } = toSummary(result.rows[0]?.value as unknown as number[] | undefined);
  return { average, count };
}

async function completedOrders(couch: Couch, agentId: string): Promise<number> {
  const result = await couch.db('market').view('orders', 'by_party', {
    startkey: [agentId, 'agent', 'completed'],
    endkey: [agentId, 'agent', 'completed', {}],
    reduce: true,
  } as never);
  return (result.rows[0]?.value as unknown as number | undefined) ?? 0;
}

/**
 * Response rate and median response time over conversations customers opened in the window.
 * One opened less than 24 hours ago and not answered yet is still pending: it counts once
 * answered or once its 24 hours are over.
 */
async function responses(couch: Couch, agentId: string, from: string, now: Date) {
  const to = now.toISOString();
  const settled = new Date(now.getTime() - RESPONSE_WINDOW_HOURS * HOUR_MS).toISOString();
  const range = (kind: string, start: string, end: string) => ({
    startkey: [agentId, kind, start],
    endkey: [agentId, kind, end],
  });
  const [inTime, openedSettled, recent, answered] = await Promise.all([
    statsOf(couch, 'reputation', 'responses', range('in_time', from, to)),
    // Up to `settled`, excluded: a conversation opened at that instant is in the recent range.
    statsOf(couch, 'reputation', 'responses', {
      ...range('opened', from, settled),
      inclusive_end: false,
    }),
    statsOf(couch, 'reputation', 'responses', range('in_time', settled, to)),
    // The answered conversations' hours, for the median: one agent's window, not a scan.
    couch.db('market').view('reputation', 'responses', {
      ...range('answered', from, to),
      reduce: false,
    } as never),
  ]);
  const considered = openedSettled.count + recent.count;
  const hours = (answered.rows as unknown as { value: number }[])
    .map((r) => r.value)
    .sort((a, b) => a - b);
  return {
    response_rate: considered ? round(inTime.count / considered, 4) : null,
    response_time_hours: hours.length ? round(median(hours), 1) : null,
  };
}

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What the agent's record is now: every measure and the level it reaches. */
export async function reputationOf(deps: Deps, agentId: string): Promise<Reputation> {
  const now = deps.clock.now();
  const from = new Date(now.getTime() - REPUTATION_WINDOW_DAYS * DAY_MS).toISOString();
  const to = now.toISOString();
  const window = (kind: string) => ({
    startkey: [agentId, kind, from],
    endkey: [agentId, kind, to],
  });
  const [completed, rating, deliveries, ended, chat] = await Promise.all([
    completedOrders(deps.couch, agentId),
    agentRating(deps.couch, agentId),
    statsOf(deps.couch, 'reputation', 'orders', window('delivery')),
    statsOf(deps.couch, 'reputation', 'orders', window('ended')),
    responses(deps.couch, agentId, from, now),
  ]);
  const measures = {
    completed_orders: completed,
    rating,
    on_time_rate: rate(deliveries),
    cancellation_rate: rate(ended),
    ...chat,
  };
  return { level: levelOf(measures), ...measures };
}

type Measures = Omit<Reputation, 'level'>;
type RankedLevel = Exclude<SellerLevel, 'new'>;

const percent = (r: number) => `${round(r * 100, 1)}%`;
const stars = (n: number) => n.toFixed(1);

/** One sentence per requirement of `level` the measures do not meet (empty: it is reached). */
export function missingFor(level: RankedLevel, m: Measures): string[] {
  const rule = SELLER_LEVEL_RULES[level];
  const missing: string[] = [];
  const window = `over the last ${REPUTATION_WINDOW_DAYS} days`;
  const more = rule.completed_orders - m.completed_orders;
  if (more > 0) missing.push(`${more} more completed ${more === 1 ? 'order' : 'orders'}`);
  if (m.rating.count === 0)
    missing.push(`An average rating of ${stars(rule.min_rating)} or more (no reviews yet)`);
  else if (m.rating.average < rule.min_rating)
    missing.push(
      `An average rating of ${stars(rule.min_rating)} or more (now ${m.rating.average.toFixed(2)})`,
    );
  if (m.on_time_rate !== null && m.on_time_rate < rule.min_on_time_rate)
    missing.push(
      `On-time delivery of ${percent(rule.min_on_time_rate)} or more ${window} (now ${percent(m.on_time_rate)})`,
    );
  if (m.response_rate !== null && m.response_rate < rule.min_response_rate)
    missing.push(
      `Answers within ${RESPONSE_WINDOW_HOURS} hours to ${percent(rule.min_response_rate)} or more of new conversations ${window} (now ${percent(m.response_rate)})`,
    );
  if (m.cancellation_rate !== null && m.cancellation_rate > rule.max_cancellation_rate)
    missing.push(
      `Cancellations at ${percent(rule.max_cancellation_rate)} or fewer of ended orders ${window} (now ${percent(m.cancellation_rate)})`,
    );
  return missing;
}

/** The highest level whose every requirement the measures meet (levels build on each other). */
export function levelOf(m: Measures): SellerLevel {
  let level: SellerLevel = 'new';
  for (const next of SELLER_LEVELS.slice(1) as RankedLevel[]) {
    if (missingFor(next, m).length) break;
    level = next;
  }
  return level;
}

/** The reputation with the next level and what it still needs (null at the top). */
export function progressOf(reputation: Reputation): SellerLevelProgress {
  const index = SELLER_LEVELS.indexOf(reputation.level);
  const next = SELLER_LEVELS[index + 1] as RankedLevel | undefined;
  return {
    ...reputation,
    next: next ? { level: next, missing: missingFor(next, reputation) } : null,
  };
}
