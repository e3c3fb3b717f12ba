import { plural } from '@/lib/format';

/** "just now", "10 minutes ago", "3 hours ago", "yesterday", "4 days ago", or the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(time).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** Spec section 9: pages of notifications (page range 3, margin pages 1 in the pager). */
const NOTIFICATIONS_PER_PAGE = 10;

/** The slice of `items` for 1-based `page` (clamped), and the last page. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  perPage: number = NOTIFICATIONS_PER_PAGE,
): { items: T[]; page: number; lastPage: number } {
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1), lastPage);
  return {
    items: items.slice((current - 1) * perPage, current * perPage),
    page: current,
    lastPage,
  };
}
