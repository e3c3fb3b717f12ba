import { Hono } from 'hono';
import { currentAuth, requireAuth, requirePermission } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { parseQuery, readJson } from '../../lib/validation';
import {
  payoutMethodsSchema,
  withdrawalApproveSchema,
  withdrawalListQuerySchema,
  withdrawalRejectSchema,
  withdrawalRequestSchema,
} from '../../schemas/withdrawals';
import { audit } from '../admin/admin-audit.service';
import { finance } from './finance';
import * as wallet from './wallet';

/** Payout methods and withdrawals (issue 16): the agent's side. */
export function withdrawalRoutes(deps: AppDeps) {
  const agentOnly = requirePermission('withdrawal.create');
  return new Hono<AppEnv>()
    .get('/user/payout-methods', requireAuth, agentOnly, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ methods: await wallet.payoutMethods(deps, currentAuth(c).user) });
    })
    .put('/user/payout-methods', requireAuth, agentOnly, async (c) => {
      const { methods } = await readJson(c, payoutMethodsSchema);
      c.header('Cache-Control', 'no-store');
      return c.json({
        methods: await wallet.savePayoutMethods(deps, currentAuth(c).user, methods),
      });
    })
    .get('/withdrawals', requireAuth, agentOnly, async (c) =>
      c.json(
        await wallet.listWithdrawals(
          deps,
          currentAuth(c).user,
          parseQuery(c, withdrawalListQuerySchema),
        ),
      ),
    )
    .post('/withdrawals', requireAuth, agentOnly, async (c) => {
      const input = await readJson(c, withdrawalRequestSchema);
      return c.json(
        { withdrawal: await wallet.requestWithdrawal(deps, currentAuth(c).user, input) },
        201,
      );
    })
    .post('/withdrawals/:id/cancel', requireAuth, agentOnly, async (c) => {
      const user = currentAuth(c).user;
      const { after } = await wallet.decideWithdrawal(deps, user.id, c.req.param('id'), {
        kind: 'cancel',
        by: user,
      });
      return c.json({ withdrawal: wallet.publicWithdrawal(after) });
    });
}

/** `/api/admin/...`: the withdrawal queue, approving and rejecting, and the finance figures. */
export function adminWithdrawalRoutes(deps: AppDeps) {
  const decide = async (
    admin: Parameters<typeof audit>[1],
    id: string,
    decision: { kind: 'approve'; reference: string } | { kind: 'reject'; reason: string },
  ) => {
    const agentId = await wallet.agentOfWithdrawal(deps, id);
    const { before, after } = await wallet.decideWithdrawal(deps, agentId, id, {
      ...decision,
      by: admin,
    });
    await audit(
      deps,
      admin,
      `withdrawal.${decision.kind}`,
      `withdrawal:${id}`,
      { status: before.status },
      { status: after.status, reference: after.reference, reason: after.reason },
    );
    return after;
  };
  return new Hono<AppEnv>()
    .use('*', requireAuth, requirePermission('admin.manage'))
    .get('/withdrawals', async (c) =>
      c.json(await wallet.listAllWithdrawals(deps, parseQuery(c, withdrawalListQuerySchema))),
    )
    .post('/withdrawals/:id/approve', async (c) => {
      const { reference } = await readJson(c, withdrawalApproveSchema);
      return c.json({
        withdrawal: await decide(currentAuth(c).user, c.req.param('id'), {
          kind: 'approve',
          reference,
        }),
      });
    })
    .post('/withdrawals/:id/reject', async (c) => {
      const { reason } = await readJson(c, withdrawalRejectSchema);
      return c.json({
        withdrawal: await decide(currentAuth(c).user, c.req.param('id'), {
          kind: 'reject',
          reason,
        }),
      });
    })
    .get('/finance', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await finance(deps));
    });
}
