import { api } from '@/lib/api-client';
import type { AuditEntry, ListResponse } from '../types';

/** GET /api/admin/audit: every admin action, newest first. */
export function listAudit(
  page: number,
  options: { signal?: AbortSignal; perPage?: number } = {},
): Promise<ListResponse<AuditEntry>> {
  return api.get<ListResponse<AuditEntry>>('/admin/audit', {
    signal: options.signal,
    query: { page, per_page: options.perPage ?? 25 },
  });
}
