import { Hono } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../lib/errors';
import { endpoints } from '../endpoint';
import { userByTagname } from '../inbox/inbox.model';
import { progressOf, reputationOf } from './reputation.service';

const endpoint = endpoints({ tag: 'Reputation' });

/** Seller levels and the measures behind them (issue 17): public per agent, and the agent's own. */
export function reputationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/users/:tagname/reputation',
      endpoint({
        summary: 'An agent’s seller level and record',
        description:
          'Completed orders and the average rating over the agent’s history; on-time delivery, chat response and cancellation rates over the last 60 days (null with nothing to measure).',
        responses: { 200: '{reputation}', 404: 'No agent has this tagname' },
      }),
      async (c) => {
        const user = await userByTagname(deps, c.req.param('tagname'));
        if (!user || user.status !== 'active' || user.role !== 'Agent')
          throw notFound('No agent has this tagname.');
        return c.json({ reputation: await reputationOf(deps, user.id) });
      },
    )
    .get(
      '/agent/level',
      endpoint({
        summary: 'The signed-in agent’s level and what the next one still needs',
        permission: 'area.agent',
        responses: { 200: '{progress}' },
      }),
      async (c) => {
        const { user } = currentAuth(c);
        return c.json({ progress: progressOf(await reputationOf(deps, user.id)) });
      },
    );
}
