import { Hono } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import type { UserDoc } from '../users/users.model';
import {
  payoutMethodsResponseSchema as methodsResponse,
  payoutMethodsSchema,
  withdrawalApproveSchema,
  withdrawalListQuerySchema,
  withdrawalRejectSchema,
  withdrawalRequestSchema,
} from '../../schemas/withdrawals';
import { audit } from '../admin/admin-audit.service';
import { endpoints } from '../endpoint';
import { finance } from './finance';
import * as wallet from './wallet';

const endpoint = endpoints({ tag: 'Withdrawals', permission: 'withdrawal.create' });

/** Payout methods and withdrawals (issue 16): the agent's side. */
export function withdrawalRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/user/payout-methods',
      endpoint({
        summary: "The agent's payout methods, masked",
        responses: {
          200: { description: '{methods: [{id, type, masked}]}', schema: methodsResponse },
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ methods: await wallet.payoutMethods(deps, currentAuth(c).user) });
      },
    )
    .put(
      '/user/payout-methods',
      endpoint({
        summary: 'Replace the payout methods: new ones with their details, saved ones by {id}',
        description:
          'The whole list, in order. Each entry is a new method (bank: holder, IBAN, SWIFT/BIC; ' +
          'or a payment-service email), its IBAN checksum checked, or `{id}` of a saved method, ' +
          'kept as it is with its id (an id that is not one of your saved methods is a 422 on ' +
          '`methods.N.id`). A saved method not listed is removed, except one a pending ' +
          'withdrawal is to be paid to (409). Shown masked after saving.',
        body: payoutMethodsSchema,
        responses: {
          200: { description: '{methods: [{id, type, masked}]}', schema: methodsResponse },
          409: 'A method left out is to receive a pending withdrawal',
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({
          methods: await wallet.savePayoutMethods(
            deps,
            currentAuth(c).user,
            c.req.valid('json').methods,
          ),
        });
      },
    )
    .get(
      '/withdrawals',
      endpoint({
        summary: "The agent's withdrawals, newest first",
        query: withdrawalListQuerySchema,
        responses: { 200: '{data: [withdrawal], meta}' },
      }),
      async (c) =>
        c.json(await wallet.listWithdrawals(deps, currentAuth(c).user, c.req.valid('query'))),
    )
    .post(
      '/withdrawals',
      endpoint({
        summary: 'Ask for a withdrawal to a saved payout method',
        description:
          'At most the available balance (cleared earnings less withdrawals requested or paid), at least WITHDRAWAL_MIN_AMOUNT.',
        body: withdrawalRequestSchema,
        responses: { 201: '{withdrawal} requested' },
      }),
      async (c) =>
        c.json(
          {
            withdrawal: await wallet.requestWithdrawal(
              deps,
              currentAuth(c).user,
              c.req.valid('json'),
            ),
          },
          201,
        ),
    )
    .post(
      '/withdrawals/:id/cancel',
      endpoint({
        summary: 'Cancel a withdrawal still requested; the amount is available again',
        responses: {
          200: '{withdrawal}',
          404: 'No such withdrawal of yours',
          409: 'Decided already',
        },
      }),
      async (c) => {
        const user = currentAuth(c).user;
        const { after } = await wallet.decideWithdrawal(deps, user.id, c.req.param('id'), {
          kind: 'cancel',
          by: user,
        });
        return c.json({ withdrawal: wallet.publicWithdrawal(after) });
      },
    );
}

const adminEndpoint = endpoints({ tag: 'Admin: money', permission: 'admin.manage' });

/** `/api/admin/...`: the withdrawal queue, approving and rejecting, and the finance figures. */
export function adminWithdrawalRoutes(deps: AppDeps) {
  const decide = async (
    admin: UserDoc,
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
      { agent: before.agent.full_name, amount: before.amount, status: before.status },
      {
        agent: after.agent.full_name,
        amount: after.amount,
        status: after.status,
        reference: after.reference,
        reason: after.reason,
      },
    );
    return after;
  };
  return new Hono<AppEnv>()
    .get(
      '/withdrawals',
      adminEndpoint({
        summary: 'The withdrawal queue, by status',
        query: withdrawalListQuerySchema,
        responses: { 200: '{data: [withdrawal with the full payout details], meta}' },
      }),
      async (c) => c.json(await wallet.listAllWithdrawals(deps, c.req.valid('query'))),
    )
    .post(
      '/withdrawals/:id/approve',
      adminEndpoint({
        summary: 'Mark a withdrawal paid, with the transfer reference (audited; the agent is told)',
        body: withdrawalApproveSchema,
        responses: { 200: '{withdrawal}', 404: 'No such withdrawal', 409: 'Decided already' },
      }),
      async (c) =>
        c.json({
          withdrawal: await decide(currentAuth(c).user, c.req.param('id'), {
            kind: 'approve',
            reference: c.req.valid('json').reference,
          }),
        }),
    )
    .post(
      '/withdrawals/:id/reject',
      adminEndpoint({
        summary: 'Reject a withdrawal with a reason; the amount is available again (audited)',
        body: withdrawalRejectSchema,
        responses: { 200: '{withdrawal}', 404: 'No such withdrawal', 409: 'Decided already' },
      }),
      async (c) =>
        c.json({
          withdrawal: await decide(currentAuth(c).user, c.req.param('id'), {
            kind: 'reject',
            reason: c.req.valid('json').reason,
          }),
        }),
    )
    .get(
      '/finance',
      adminEndpoint({
        summary:
          'Gross volume, fees, escrow, clearing, payouts (also per month) and the ledger check',
        responses: { 200: 'The figures, as money' },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await finance(deps));
      },
    );
}
