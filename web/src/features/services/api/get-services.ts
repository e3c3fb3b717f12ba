import { api } from '@/lib/api-client';
import type { Service } from '@/types/api';

/**
 * GET /api/getServices: the active service categories. (The spec's client sent this GET with a
 * text/plain body; browsers cannot, and the API accepts both.)
 */
export function getServices(options: { signal?: AbortSignal } = {}): Promise<Service[]> {
  return api.get<Service[]>('/getServices', options);
}
