import { describe, expect, it } from 'vitest';
import { LOCAL_INDEX, orderActionsQuery } from '@/lib/local-queries';
import { localEngines } from '@/testing/local-engine';
import {
  deviceOrderList,
  offlineActions,
  readDeviceOrders,
  type OrderActionDoc,
  type OrderMirrorDoc,
} from './device-orders';

// The mirrors and queued actions on a real PouchDB on disk, as the browser's database holds them.

const openEngine = localEngines('wf-orders-');

const party = (id: string, full_name: string) => ({ id, full_name, tagname: null, avatar: null });

/** A mirror with what the list reads; the rest of an order is irrelevant here. */
function mirror(
  id: string,
  fields: { status: OrderMirrorDoc['status']; role: 'customer' | 'agent'; at: string; gig: string },
): OrderMirrorDoc {
  return {
    _id: `order:${id}`,
    type: 'order_mirror',
    id,
    status: fields.status,
    role: fields.role,
    gig: { id: `gig-${id}`, title: fields.gig, service_id: 'tour-guide' },
    customer: party('c1', 'Carmen Customer'),
    agent: party('a1', 'Amara Agent'),
    total: { amount: 5000, currency: 'USD' },
    actions: [],
    timeline: [],
    created_at: fields.at,
    mirrored_at: fields.at,
    source_rev: '1-x',
  } as unknown as OrderMirrorDoc;
}

describe('device orders', () => {
  it('reads the mirrors of one side, newest written first, through a local index', async () => {
    const engine = await openEngine();
    await engine.db.bulkDocs([
      mirror('o1', {
        status: 'completed',
        role: 'customer',
        at: '2026-01-01T00:00:00.000Z',
        gig: 'Dakar market',
      }),
      mirror('o2', {
        status: 'delivered',
        role: 'customer',
        at: '2026-03-01T00:00:00.000Z',
        gig: 'Lisbon tiles',
      }),
      mirror('o3', {
        status: 'delivered',
        role: 'agent',
        at: '2026-02-01T00:00:00.000Z',
        gig: 'Kyoto walk',
      }),
      // Another type under a neighbouring prefix is not a mirror.
      {
        _id: 'orderaction:abcdefgh1',
        type: 'order_action',
        id: 'abcdefgh1',
        order_id: 'o2',
        action: 'accept',
        created_at: '2026-03-02T00:00:00.000Z',
        status: 'pending',
      },
    ] as never);
    const customer = await readDeviceOrders(engine, 'customer');
    expect(customer.map((m) => m.id)).toEqual(['o2', 'o1']);
    const agent = await readDeviceOrders(engine, 'agent');
    expect(agent.map((m) => m.id)).toEqual(['o3']);
    // The index stays on this device: never pushed, never pending.
    const local = await engine.db.allDocs({ startkey: '_design/', endkey: '_design/\ufff0' });
    expect(local.rows.map((row) => row.id)).toContain('_design/idx-order-mirror-role');
    expect(await engine.countPending()).toBe(4);

    const actions = await engine.find<OrderActionDoc>(
      LOCAL_INDEX.orderActionsByOrder,
      orderActionsQuery('o2'),
    );
    expect(actions.map((a) => a._id)).toEqual(['orderaction:abcdefgh1']);
    expect(await engine.find(LOCAL_INDEX.orderActionsByOrder, orderActionsQuery('o1'))).toEqual([]);
  });

  it('pages, filters, searches and counts the mirrors as GET /api/orders does', () => {
    const mirrors = Array.from({ length: 12 }, (_, i) =>
      mirror(`o${i}`, {
        status: i < 3 ? 'delivered' : 'completed',
        role: 'customer',
        at: `2026-01-${String(28 - i).padStart(2, '0')}T00:00:00.000Z`,
        gig: i === 5 ? 'Sunset in Lisbon' : `Tour ${i}`,
      }),
    );
    const all = deviceOrderList(mirrors, { status: null, q: '', page: 1, perPage: 10 });
    expect(all.counts).toEqual({ '*': 12, delivered: 3, completed: 9 });
    expect(all.meta).toEqual({ page: 1, per_page: 10, total: 12, last_page: 2 });
    expect(all.data.map((o) => o.id)).toEqual(mirrors.slice(0, 10).map((m) => m.id));
    const second = deviceOrderList(mirrors, { status: null, q: '', page: 2, perPage: 10 });
    expect(second.data.map((o) => o.id)).toEqual(['o10', 'o11']);

    const delivered = deviceOrderList(mirrors, {
      status: 'delivered',
      q: '',
      page: 1,
      perPage: 10,
    });
    expect(delivered.data.map((o) => o.id)).toEqual(['o0', 'o1', 'o2']);
    // The counts are the tabs': every status, whatever the filter.
    expect(delivered.counts).toEqual(all.counts);

    // The gig's title, the parties' names and the order number, in any case.
    expect(
      deviceOrderList(mirrors, { status: null, q: 'lisbon', page: 1, perPage: 10 }).data.map(
        (o) => o.id,
      ),
    ).toEqual(['o5']);
    expect(
      deviceOrderList(mirrors, { status: null, q: 'AMARA', page: 1, perPage: 10 }).meta.total,
    ).toBe(12);
    expect(
      deviceOrderList(mirrors, { status: null, q: 'o11', page: 1, perPage: 10 }).data.map(
        (o) => o.id,
      ),
    ).toEqual(['o11']);
    const none = deviceOrderList(mirrors, {
      status: 'completed',
      q: 'lisbon x',
      page: 1,
      perPage: 10,
    });
    expect(none.data).toEqual([]);
    expect(none.meta.last_page).toBe(1);
  });

  it('offers offline only the actions the server takes from an offline device', () => {
    expect(offlineActions(['pay', 'cancel'])).toEqual(['cancel']);
    expect(offlineActions(['accept', 'revision', 'dispute'])).toEqual([
      'accept',
      'revision',
      'dispute',
    ]);
  });
});
