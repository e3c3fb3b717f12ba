import { Hono } from 'hono';
import {
  currentAuth,
  requireAuth,
  requirePermission,
  requireVerified,
} from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { parseOrThrow, parseQuery, readJson } from '../../lib/validation';
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
import { balanceOf, checkLedger } from './ledger';
import * as machine from './order-machine';
import { readOrderFile, readOrderUpload, storeOrderFiles } from './order-files';
import { mutate, readOrder, toOrder } from './order-store';
import * as orders from './orders.service';

/** Orders (issue 15): placing, paying, the transitions, files, the caller's balance. */
export function orderRoutes(deps: AppDeps) {
  const idOf = (c: { req: { param(name: 'id'): string } }) => c.req.param('id');
  return new Hono<AppEnv>()
    .post('/orders', requireAuth, requireVerified, requirePermission('order.create'), async (c) => {
      const input = await readJson(c, createOrderSchema);
      const key = c.req.header('Idempotency-Key')?.trim().slice(0, 200) || null;
      const order = await orders.createOrder(deps, currentAuth(c).user, input, key);
      return c.json({ order }, 201);
    })
    .get('/orders', requireAuth, async (c) =>
      c.json(
        await orders.listOrders(deps, currentAuth(c).user, parseQuery(c, orderListQuerySchema)),
      ),
    )
    .get('/orders/:id', requireAuth, async (c) =>
      c.json({ order: await orders.getOrder(deps, currentAuth(c).user, idOf(c)) }),
    )
    .post('/orders/:id/pay', requireAuth, async (c) => {
      const { card } = await readJson(c, cardSchema);
      return c.json({ order: await orders.payOrder(deps, currentAuth(c).user, idOf(c), card) });
    })
    .post('/orders/:id/start', requireAuth, async (c) =>
      c.json({ order: await orders.act(deps, currentAuth(c).user, idOf(c), { kind: 'start' }) }),
    )
    .post('/orders/:id/deliver', requireAuth, async (c) => {
      const user = currentAuth(c).user;
      const id = idOf(c);
      // JSON {message}, or multipart with `message` and up to five `files`.
      const multipart = /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '');
      const upload = multipart ? await readOrderUpload(c) : null;
      const { message } = upload
        ? parseOrThrow(deliverSchema, upload.fields)
        : await readJson(c, deliverSchema);
      // Checked before the files are stored: a wrong actor or state stores nothing.
      const current = await readOrder(deps, id);
      const actor = orders.actorOf(user, current);
      machine.deliver(current, actor, deps.clock.now(), { id: '0', message, files: [] });
      const files = upload ? await storeOrderFiles(deps, id, user.id, upload.files) : [];
      return c.json({
        order: await orders.act(deps, user, id, { kind: 'deliver', message, files }),
      });
    })
    .post('/orders/:id/attachments', requireAuth, async (c) => {
      const user = currentAuth(c).user;
      const id = idOf(c);
      const upload = await readOrderUpload(c);
      if (!upload.files.length) return c.json({ message: 'Choose a file to upload.' }, 422);
      const current = await readOrder(deps, id);
      machine.attach(current, orders.actorOf(user, current), deps.clock.now(), []);
      const files = await storeOrderFiles(deps, id, user.id, upload.files);
      const order = await mutate(deps, id, (o) =>
        machine.attach(o, orders.actorOf(user, o), deps.clock.now(), files),
      );
      return c.json({ order: toOrder(order, user.id, deps.clock.now()) });
    })
    .get('/orders/:id/files/:fileId', requireAuth, async (c) => {
      const user = currentAuth(c).user;
      const order = await readOrder(deps, idOf(c));
      if (user.role !== 'Admin' && !machine.roleOf(order, user.id))
        return c.json({ message: 'No such order.' }, 404);
      const file = await readOrderFile(deps, order.id, c.req.param('fileId'));
      c.header('Content-Type', file.contentType);
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cache-Control', 'private, max-age=3600');
      c.header(
        'Content-Disposition',
        `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${file.name.replace(/[^\w. -]/g, '_')}"`,
      );
      return c.body(new Uint8Array(file.data));
    })
    .post('/orders/:id/accept', requireAuth, async (c) =>
      c.json({ order: await orders.act(deps, currentAuth(c).user, idOf(c), { kind: 'accept' }) }),
    )
    .post('/orders/:id/revision', requireAuth, async (c) => {
      const { reason } = await readJson(c, revisionSchema);
      return c.json({
        order: await orders.act(deps, currentAuth(c).user, idOf(c), { kind: 'revision', reason }),
      });
    })
    .post('/orders/:id/cancel', requireAuth, async (c) => {
      const { reason } = await readJson(c, reasonSchema);
      return c.json({
        order: await orders.act(deps, currentAuth(c).user, idOf(c), { kind: 'cancel', reason }),
      });
    })
    .post('/orders/:id/cancel/accept', requireAuth, async (c) =>
      c.json({
        order: await orders.act(deps, currentAuth(c).user, idOf(c), { kind: 'cancel_accept' }),
      }),
    )
    .post('/orders/:id/cancel/decline', requireAuth, async (c) =>
      c.json({
        order: await orders.act(deps, currentAuth(c).user, idOf(c), { kind: 'cancel_decline' }),
      }),
    )
    .post('/orders/:id/dispute', requireAuth, async (c) => {
      const { reason } = await readJson(c, disputeSchema);
      return c.json({
        order: await orders.act(deps, currentAuth(c).user, idOf(c), { kind: 'dispute', reason }),
      });
    })
    .get('/balance', requireAuth, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await balanceOf(deps.couch, currentAuth(c).user.id, deps.clock.now()));
    });
}

/** `/api/admin/...` for orders: the list, one order, disputes and the ledger check. */
export function adminOrderRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', requireAuth, requirePermission('admin.manage'))
    .get('/orders', async (c) =>
      c.json(await orders.listAllOrders(deps, parseQuery(c, adminOrderListQuerySchema))),
    )
    .get('/orders/:id', async (c) =>
      c.json({ order: toOrder(await readOrder(deps, c.req.param('id')), null, deps.clock.now()) }),
    )
    .get('/disputes', async (c) => {
      const query = parseQuery(c, adminOrderListQuerySchema);
      return c.json(await orders.listAllOrders(deps, { ...query, status: 'disputed' }));
    })
    .post('/disputes/:id/resolve', async (c) => {
      const input = await readJson(c, resolveDisputeSchema);
      const admin = currentAuth(c).user;
      const { before, after } = await orders.resolveDispute(deps, admin, c.req.param('id'), input);
      await audit(
        deps,
        admin,
        `dispute.resolve.${input.outcome}`,
        `order:${after.id}`,
        { status: before.status, refunded: before.refunded },
        {
          status: after.status,
          refunded: after.refunded,
          note: input.note,
        },
      );
      return c.json({ order: toOrder(after, null, deps.clock.now()) });
    })
    .get('/ledger/check', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await checkLedger(deps.couch, deps.env.CLEARANCE_DAYS));
    });
}
