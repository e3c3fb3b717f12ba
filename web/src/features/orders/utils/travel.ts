// The travel details of an order as they read.
import type { Order } from '@wayfarer/api/schemas/orders';

/** "2025-03-10" → "10 Mar 2025": a calendar day, the same in every time zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "10 Mar 2025", or "10 Mar 2025 to 12 Mar 2025" for several days. */
export function travelDates(travel: Pick<Order['travel'], 'service_date' | 'service_end_date'>) {
  const start = formatDay(travel.service_date);
  if (!travel.service_end_date || travel.service_end_date === travel.service_date) return start;
  return `${start} to ${formatDay(travel.service_end_date)}`;
}
