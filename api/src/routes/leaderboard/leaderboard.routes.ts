import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { leaderboardQuerySchema } from '../../schemas/projects';
import { endpoints } from '../endpoint';
import { leaderboard } from './leaderboard.service';

const endpoint = endpoints({ tag: 'Leaderboard', auth: 'optional' });

/** The leaderboard (issue 19): members by points per expertise. */
export function leaderboardRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/leaderboard',
    endpoint({
      summary: 'Members of one expertise by points, highest first (public)',
      description:
        '`expertise` is a service id (default: the first service of the catalog; another value is a 422 on `expertise`). Equal points share a rank: 1 + the members with more points. Members with 0 points are not listed. `meta.me` is the signed-in caller’s own rank and points in this expertise, or null.',
      query: leaderboardQuerySchema,
      responses: { 200: '{data: [{rank, user, points}], meta}' },
    }),
    async (c) => c.json(await leaderboard(deps, c.get('auth')?.user ?? null, c.req.valid('query'))),
  );
}
