// When the money still clearing becomes available. The API releases an order's earnings to the
// agent when the order completes and makes them available CLEARANCE_DAYS later; it tells the
// total still clearing (GET /api/balance) but not the parts, so the parts come from the agent's
// completed orders, and are shown only when they add up to the server's total (a server set up
// with another clearance period, or a refund, would make them wrong: the total is shown then).
import { formatDate } from '@/lib/format';
import type { EarningOrder } from '../types';

/** The API's default CLEARANCE_DAYS. */
export const CLEARANCE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface ClearancePart {
  /** The earliest moment of the day this part clears (ISO 8601). */
  clears_at: string;
  /** Minor units. */
  amount: number;
  orders: number;
}

/** The earnings of `orders` still clearing at `now`, one part per day they clear, soonest first. */
export function clearanceParts(
  orders: readonly EarningOrder[],
  now: Date,
  days = CLEARANCE_DAYS,
): ClearancePart[] {
  const byDay = new Map<string, ClearancePart>();
  for (const order of orders) {
    if (!order.completed_at || order.agent_earnings.amount <= 0) continue;
    const clears = Date.parse(order.completed_at) + days * DAY_MS;
    if (Number.isNaN(clears) || clears <= now.getTime()) continue;
    const clearsAt = new Date(clears).toISOString();
    const day = formatDate(clearsAt);
    const part = byDay.get(day);
    if (!part)
      byDay.set(day, { clears_at: clearsAt, amount: order.agent_earnings.amount, orders: 1 });
    else {
      part.amount += order.agent_earnings.amount;
      part.orders += 1;
      if (clearsAt < part.clears_at) part.clears_at = clearsAt;
    }
  }
  return [...byDay.values()].sort((a, b) => a.clears_at.localeCompare(b.clears_at));
}

export const partsTotal = (parts: readonly ClearancePart[]) =>
  parts.reduce((sum, part) => sum + part.amount, 0);
