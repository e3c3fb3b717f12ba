// The leaderboard (issue 19): members ranked by points per expertise (a service), public; a
// signed-in caller with points there also gets their own place (meta.me).
import type { LeaderboardEntry, LeaderboardResponse } from '@wayfarer/api/schemas/projects';
import { api } from '@/lib/api-client';

export type { LeaderboardEntry, LeaderboardResponse };

/** GET /api/leaderboard?expertise=&page= (no expertise: the API's first service). */
export function getLeaderboard(
  query: { expertise: string | null; page: number },
  options: { signal?: AbortSignal } = {},
): Promise<LeaderboardResponse> {
  return api.get<LeaderboardResponse>('/leaderboard', {
    ...options,
    query: { expertise: query.expertise ?? undefined, page: query.page },
  });
}
