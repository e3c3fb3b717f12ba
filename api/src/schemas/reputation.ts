/**
 * Seller levels and reputation (issue 17): plain values and types, no zod, so the web app's gig
 * page and dashboard import them without the schemas library. Re-exported by `./reviews`.
 */

export const SELLER_LEVELS = ['new', 'level_1', 'level_2', 'top_rated'] as const;
export type SellerLevel = (typeof SELLER_LEVELS)[number];
export const SELLER_LEVEL_NAMES: Record<SellerLevel, string> = {
  new: 'New seller',
  level_1: 'Level 1',
  level_2: 'Level 2',
  top_rated: 'Top Rated',
};

/** The days the rates below (on-time, response, cancellation) are measured over. */
export const REPUTATION_WINDOW_DAYS = 60;

/**
 * What each level needs (all of it). Completed orders and the average rating are over the
 * agent's whole history; the rates over the last REPUTATION_WINDOW_DAYS.
 */
export const SELLER_LEVEL_RULES: Record<
  Exclude<SellerLevel, 'new'>,
  {
    completed_orders: number;
    min_rating: number;
    min_on_time_rate: number;
    min_response_rate: number;
    max_cancellation_rate: number;
  }
> = {
  level_1: {
    completed_orders: 5,
    min_rating: 4.4,
    min_on_time_rate: 0.9,
    min_response_rate: 0.9,
    max_cancellation_rate: 0.1,
  },
  level_2: {
    completed_orders: 20,
    min_rating: 4.6,
    min_on_time_rate: 0.9,
    min_response_rate: 0.9,
    max_cancellation_rate: 0.05,
  },
  top_rated: {
    completed_orders: 50,
    min_rating: 4.8,
    min_on_time_rate: 0.95,
    min_response_rate: 0.95,
    max_cancellation_rate: 0.02,
  },
};

export interface Reputation {
  level: SellerLevel;
  completed_orders: number;
  rating: { average: number; count: number };
  /** Deliveries made by the due date, over deliveries in the window; null with none. */
  on_time_rate: number | null;
  /** Conversations a customer opened that the agent answered within 24 hours; null with none. */
  response_rate: number | null;
  /** Median hours to the first answer; null with none. */
  response_time_hours: number | null;
  /** Orders cancelled over orders that ended in the window; null with none. */
  cancellation_rate: number | null;
}

/** `GET /api/agent/level` (the agent's own): the reputation and what the next level still needs. */
export interface SellerLevelProgress extends Reputation {
  next: {
    level: Exclude<SellerLevel, 'new'>;
    /** One human sentence per unmet requirement, e.g. "3 more completed orders". */
    missing: string[];
  } | null;
}
