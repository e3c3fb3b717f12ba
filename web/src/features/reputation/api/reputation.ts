// Seller levels and reputation (issue 17). Shapes from the API's zod-free reputation module
// (types only).
import type { Reputation, SellerLevelProgress } from '@wayfarer/api/schemas/reputation';
import { api } from '@/lib/api-client';

export type { Reputation, SellerLevelProgress };

type Options = { signal?: AbortSignal };

/** GET /api/users/{tagname}/reputation: an agent's level and record (404 for other members). */
export async function getReputation(tagname: string, options: Options = {}) {
  const path = `/users/${encodeURIComponent(tagname)}/reputation`;
  return (await api.get<{ reputation: Reputation }>(path, options)).reputation;
}

/** GET /api/agent/level: the signed-in agent's level and what the next one still needs. */
export async function getLevelProgress(options: Options = {}) {
  return (await api.get<{ progress: SellerLevelProgress }>('/agent/level', options)).progress;
}
