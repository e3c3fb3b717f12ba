import { Hono, type Context } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { ValidationError } from '../../lib/errors';
import { parseOrThrow, readJson } from '../../lib/validation';
import {
  adminOrderListQuerySchema,
  cardSchema,
  createOrderSchema,
  deliverSchema,
  disputeSchema,
  orderListQuerySchema,
  reasonSchema,
  resolveDisputeSchema,
  revisionSchema,
} from '../../schemas/orders';
import { audit } from '../admin/admin-audit.service';
import { endpoints } from '../endpoint';
import { balanceOf, checkLedger } from './ledger';
import * as machine from './order-machine';
import { readOrderFile, readOrderUpload, storeOrderFiles } from './order-files';
import { mutate, readOrder, toOrder } from './order-store';
import * as orders from './orders.service';
import { uploadedFileHeaders } from '../../lib/uploaded-file';

const endpoint = endpoints({ tag: 'Orders', auth: 'required' });

const ORDER = '{order} with the actions the caller may take now';
const TRANSITION = {
  200: ORDER,
  403: 'Not the party who may do this',
  404: 'No such order, or not yours',
  409: 'Not possible in the order’s state',
};

/** Orders (issue 15): placing, paying, the transitions, files, the caller's balance. */
export function orderRoutes(deps: AppDeps) {
  /** A transition with no body, by its action. */
  const simple = (
    path: string,
    kind: 'start' | 'accept' | 'cancel_accept' | 'cancel_decline',
    summary: string,
  ) =>
    [
      path,
      endpoint({ summary, responses: TRANSITION }),
      async (c: Context<AppEnv>) =>
        c.json({
          order: await orders.act(deps, currentAuth(c).user, c.req.param('id')!, { kind }),
        }),
    ] as const;
  return new Hono<AppEnv>()
    .post(
      '/orders',
      endpoint({
        summary: 'Order a gig: a package, extras and the travel details; pending payment',
        description:
          'An `Idempotency-Key` header makes a repeated request (a double click, a retry) answer the first order.',
        auth: 'verified',
        permission: 'order.create',
        body: createOrderSchema,
        responses: { 201: '{order} (status pending_payment, total as money)' },
      }),
      async (c) => {
        const key = c.req.header('Idempotency-Key')?.trim().slice(0, 200) || null;
        const order = await orders.createOrder(deps, currentAuth(c).user, c.req.valid('json'), key);
        return c.json({ order }, 201);
      },
    )
    .get(
      '/orders',
      endpoint({
        summary: "The caller's orders as customer or agent, by status, with counts per status",
        query: orderListQuerySchema,
        responses: { 200: '{data: [order], meta, counts}' },
      }),
      async (c) => c.json(await orders.listOrders(deps, currentAuth(c).user, c.req.valid('query'))),
    )
    .get(
      '/orders/:id',
      endpoint({
        summary: 'One order (its parties and admins)',
        responses: { 200: ORDER, 404: 'No such order, or not yours' },
      }),
      async (c) =>
        c.json({ order: await orders.getOrder(deps, currentAuth(c).user, c.req.param('id')) }),
    )
    .post(
      '/orders/:id/pay',
      endpoint({
        summary: 'Pay by card into escrow through the payment provider',
        description:
          'Sandbox cards: `4242424242424242` succeeds, `4000000000000002` is declined (402), `4000000000000119` fails once (402) and succeeds when tried again.',
        body: cardSchema,
        responses: {
          ...TRANSITION,
          200: '{order} in progress, paid into escrow',
          402: 'Declined, with a message',
          503: 'The provider did not answer; the payment is checked later',
        },
      }),
      async (c) => {
        const { card } = c.req.valid('json');
        return c.json({
          order: await orders.payOrder(deps, currentAuth(c).user, c.req.param('id'), card),
        });
      },
    )
    .post(...simple('/orders/:id/start', 'start', 'The agent starts the work'))
    .post(
      '/orders/:id/deliver',
      endpoint({
        summary: 'The agent delivers: a message and up to five files',
        description:
          'JSON `{message}`, or `multipart/form-data` with `message` and `files` (PNG, JPEG, WebP or PDF, 5 MB each).',
        responses: {
          ...TRANSITION,
          413: 'A file over 5 MB',
          415: 'A file that is not an image or a PDF',
          422: 'Field errors',
        },
      }),
      async (c) => {
        const user = currentAuth(c).user;
        const id = c.req.param('id');
        const multipart = /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '');
        const upload = multipart ? await readOrderUpload(c) : null;
        const { message } = upload
          ? parseOrThrow(deliverSchema, upload.fields)
          : await readJson(c, deliverSchema);
        // Checked before the files are stored: a wrong actor or state stores nothing.
        const current = await readOrder(deps, id);
        machine.deliver(current, orders.actorOf(user, current), deps.clock.now(), {
          id: '0',
          message,
          files: [],
        });
        const files = upload ? await storeOrderFiles(deps, id, user.id, upload.files) : [];
        return c.json({
          order: await orders.act(deps, user, id, { kind: 'deliver', message, files }),
        });
      },
    )
    .post(
      '/orders/:id/attachments',
      endpoint({
        summary:
          'The customer adds requirement files (multipart `files`: images or PDF, 5 MB each)',
        responses: { ...TRANSITION, 413: 'A file over 5 MB', 415: 'Not an image or a PDF' },
      }),
      async (c) => {
        const user = currentAuth(c).user;
        const id = c.req.param('id');
        const upload = await readOrderUpload(c);
        if (!upload.files.length) throw ValidationError.field('files', 'Choose a file to upload.');
        const current = await readOrder(deps, id);
        machine.attach(current, orders.actorOf(user, current), deps.clock.now(), []);
        const files = await storeOrderFiles(deps, id, user.id, upload.files);
        const order = await mutate(deps, id, (o) =>
          machine.attach(o, orders.actorOf(user, o), deps.clock.now(), files),
        );
        return c.json({ order: toOrder(order, user.id, deps.clock.now()) });
      },
    )
    .get(
      '/orders/:id/files/:fileId',
      endpoint({
        summary: 'A requirement or delivery file (the parties and admins)',
        responses: {
          200: { description: 'The file', media: 'application/octet-stream' },
          404: 'No such file, or not yours',
        },
      }),
      async (c) => {
        const user = currentAuth(c).user;
        const order = await readOrder(deps, c.req.param('id'));
        if (user.role !== 'Admin' && !machine.roleOf(order, user.id))
          return c.json({ message: 'No such order.' }, 404);
        const file = await readOrderFile(deps, order.id, c.req.param('fileId'));
        uploadedFileHeaders(c, file.contentType);
        c.header('Cache-Control', 'private, max-age=3600');
        c.header(
          'Content-Disposition',
          `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${file.name.replace(/[^\w. -]/g, '_')}"`,
        );
        return c.body(new Uint8Array(file.data));
      },
    )
    .post(...simple('/orders/:id/accept', 'accept', 'The customer accepts the delivery: completed'))
    .post(
      '/orders/:id/revision',
      endpoint({
        summary: "The customer asks for a revision, within the package's revisions",
        body: revisionSchema,
        responses: TRANSITION,
      }),
      async (c) =>
        c.json({
          order: await orders.act(deps, currentAuth(c).user, c.req.param('id'), {
            kind: 'revision',
            reason: c.req.valid('json').reason,
          }),
        }),
    )
    .post(
      '/orders/:id/cancel',
      endpoint({
        summary: 'Cancel, or ask the other party to agree to cancel',
        description:
          'At once when allowed (the customer before the work starts or once it is late; the agent before payment); otherwise a request the other party accepts or declines. A paid order is refunded.',
        body: reasonSchema,
        responses: TRANSITION,
      }),
      async (c) =>
        c.json({
          order: await orders.act(deps, currentAuth(c).user, c.req.param('id'), {
            kind: 'cancel',
            reason: c.req.valid('json').reason,
          }),
        }),
    )
    .post(
      ...simple(
        '/orders/:id/cancel/accept',
        'cancel_accept',
        "Accept the other party's cancellation request: cancelled and refunded",
      ),
    )
    .post(
      ...simple(
        '/orders/:id/cancel/decline',
        'cancel_decline',
        "Decline the other party's cancellation request",
      ),
    )
    .post(
      '/orders/:id/dispute',
      endpoint({
        summary: 'Open a dispute on a delivered order or one in revision',
        body: disputeSchema,
        responses: TRANSITION,
      }),
      async (c) =>
        c.json({
          order: await orders.act(deps, currentAuth(c).user, c.req.param('id'), {
            kind: 'dispute',
            reason: c.req.valid('json').reason,
          }),
        }),
    )
    .get(
      '/balance',
      endpoint({
        summary: "The caller's balances, derived from the ledger",
        responses: {
          200: '{available, pending_clearance, pending_payout, withdrawn, earned, spent, in_escrow} as money',
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await balanceOf(deps.couch, currentAuth(c).user.id, deps.clock.now()));
      },
    );
}

const adminEndpoint = endpoints({ tag: 'Admin: orders', permission: 'admin.manage' });

/** `/api/admin/...` for orders: the list, one order, disputes and the ledger check. */
export function adminOrderRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/orders',
      adminEndpoint({
        summary: 'Every order, by status, with counts per status',
        query: adminOrderListQuerySchema,
        responses: { 200: '{data: [order], meta, counts}' },
      }),
      async (c) => c.json(await orders.listAllOrders(deps, c.req.valid('query'))),
    )
    .get(
      '/orders/:id',
      adminEndpoint({
        summary: 'One order with its timeline and deliveries',
        responses: { 200: '{order}', 404: 'No such order' },
      }),
      async (c) =>
        c.json({
          order: toOrder(await readOrder(deps, c.req.param('id')), null, deps.clock.now()),
        }),
    )
    .get(
      '/disputes',
      adminEndpoint({
        summary: 'The dispute queue: disputed orders, the latest change first',
        query: adminOrderListQuerySchema,
        responses: { 200: '{data: [order], meta, counts}' },
      }),
      async (c) =>
        c.json(await orders.listAllOrders(deps, { ...c.req.valid('query'), status: 'disputed' })),
    )
    .post(
      '/disputes/:id/resolve',
      adminEndpoint({
        summary: 'Resolve a dispute: release to the agent, or refund in full or in part',
        description: 'The note is shown to both parties; the action goes to the audit log.',
        body: resolveDisputeSchema,
        responses: { 200: '{order}', 404: 'No such order', 409: 'Not disputed' },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const admin = currentAuth(c).user;
        const { before, after } = await orders.resolveDispute(
          deps,
          admin,
          c.req.param('id'),
          input,
        );
        await audit(
          deps,
          admin,
          `dispute.resolve.${input.outcome}`,
          `order:${after.id}`,
          { currency: before.total.currency, status: before.status, refunded: before.refunded },
          {
            currency: after.total.currency,
            status: after.status,
            refunded: after.refunded,
            note: input.note,
          },
        );
        return c.json({ order: toOrder(after, null, deps.clock.now()) });
      },
    )
    .get(
      '/ledger/check',
      adminEndpoint({
        summary: 'Reconcile every order and withdrawal against its ledger entries',
        responses: {
          200: '{ok, checked_orders, checked_entries, sums, negative_balances, differences}',
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await checkLedger(deps.couch, deps.env.CLEARANCE_DAYS));
      },
    );
}
