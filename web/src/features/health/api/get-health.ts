import { api } from '@/lib/api-client';
import type { HealthResponse } from '@/types/api';

export type { HealthResponse };

/** GET /api/health: 200 when the API and the database answer, 503 when the database does not. */
export function getHealth(options: { signal?: AbortSignal } = {}): Promise<HealthResponse> {
  return api.get<HealthResponse>('/health', options);
}
