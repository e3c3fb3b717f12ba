import type { ServiceDetail } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';

/** GET /api/services/:id: one active category (404 for an unknown or inactive one). */
export function getService(id: string, options: { signal?: AbortSignal } = {}) {
  return api.get<ServiceDetail>(`/services/${encodeURIComponent(id)}`, options);
}
