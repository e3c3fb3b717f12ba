import { SELLER_LEVEL_NAMES, type SellerLevel } from '@wayfarer/api/schemas/reputation';
import { plural } from '@/lib/format';

export const levelName = (level: SellerLevel) => SELLER_LEVEL_NAMES[level];

/** A rate of 0-1 as a whole percentage ("95%"), or a dash when there is nothing to measure. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/** The median time to a first answer, as a customer reads it: "Within an hour", "About 5 hours". */
export function formatResponseTime(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return 'Within an hour';
  if (hours < 48) return `About ${plural(Math.round(hours), 'hour')}`;
  return `About ${plural(Math.round(hours / 24), 'day')}`;
}
