// The travel details of an order as they read.
import type { Order } from '@wayfarer/api/schemas/orders';
import { formatDay } from '@/lib/format';

/** "10 Mar 2025", or "10 Mar 2025 to 12 Mar 2025" for several days. */
export function travelDates(travel: Pick<Order['travel'], 'service_date' | 'service_end_date'>) {
  const start = formatDay(travel.service_date);
  if (!travel.service_end_date || travel.service_end_date === travel.service_date) return start;
  return `${start} to ${formatDay(travel.service_end_date)}`;
}
