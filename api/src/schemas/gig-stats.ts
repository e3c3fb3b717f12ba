import type { GIG_STATUSES } from './gigs';

/** GET /api/agent/stats: an agent's views and wishlist saves (UTC days), and orders per gig. */
export interface AgentStats {
  /** The last 30 days, oldest first, ending today: every gig of the agent together. */
  days: { day: string; views: number; saves: number }[];
  /** Views and saves over those 30 days; orders ever placed on the agent's gigs. */
  totals: { views: number; saves: number; orders: number };
  gigs: {
    id: string;
    title: string;
    status: (typeof GIG_STATUSES)[number];
    views_30d: number;
    saves_30d: number;
    views_total: number;
    saves_total: number;
    orders: number;
  }[];
}
