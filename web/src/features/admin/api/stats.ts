import { api } from '@/lib/api-client';
import type { AdminStats } from '../types';

/** GET /api/admin/stats: the dashboard's figures, all from CouchDB views with reduce. */
export function getStats(options: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return api.get<AdminStats>('/admin/stats', options);
}
