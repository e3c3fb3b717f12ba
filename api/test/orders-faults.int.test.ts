/**
 * A crash between the payment and the ledger (issue 15): the API process dies (SIGKILL, by
 * TEST_FAULT=exit_after_charge) right after the payment provider charged the card and before the
 * order records it. Started again on the same data without the fault, the API finds the payment
 * still `processing` at its start-up sweep, asks the provider (`settlePayment`), and the order is
 * paid exactly once: in progress, one charge, one payment entry, the customer's balance showing
 * the amount once, and the ledger check ok.
 *
 * The restarted API's periodic sweep is an hour away, so only the start-up sweep can settle the
 * payment. The first API's clock is moved ahead before the payment (the restarted one starts at
 * the system time again, as an instance whose clock is behind another's would): the start-up
 * sweep must find the interrupted payment all the same.
 *
 * Real processes (helpers/api-process.ts); on the embedded server or on TEST_COUCH_URL.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectForTool, type Couch } from '../src/couch/connect';
import { createLogger } from '../src/lib/logger';
import { startApiProcess, type ApiProcess } from './helpers/api-process';
import { until } from './helpers/until';
import { couchEnvFor, externalCouch, fakeWebDist } from './helpers/server';

const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
const HOUR = 3_600_000;

/** A JSON call to an API process, bounded in time. */
async function call<T>(
  api: ApiProcess,
  method: string,
  pathname: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await api.request(pathname, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

async function login(api: ApiProcess, name: string): Promise<string> {
  const res = await call<{ token: string }>(api, 'POST', '/api/login', {
    body: { email: `${name}@wayfarer.test`, password: 'wayfarer-demo' },
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

type Doc = { _id: string; [key: string]: unknown };

/** The documents of wf_market whose ids start with `prefix`. */
async function marketDocs(couch: Couch, prefix: string): Promise<Doc[]> {
  const result = await couch.db('market').list({
    startkey: prefix,
    endkey: `${prefix}\ufff0`,
    include_docs: true,
  });
  return result.rows.map((r) => r.doc as unknown as Doc);
}

describe('orders: the API dies between the charge and the ledger', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-orders-faults-'));
  const webDist = fakeWebDist();
  const running: ApiProcess[] = [];
  const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  /** The database of the API on dataDir, as the command-line tools reach it. */
  const database = () =>
    connectForTool(
      {
        couchUrl: couchEnvFor(dataDir).COUCH_URL,
        couchDir: path.join(dataDir, 'couch'),
        dbPrefix: couchEnvFor(dataDir).COUCH_DB_PREFIX,
      },
      logger,
    );
  const startApi = async (env: Record<string, string>) => {
    const api = await startApiProcess(
      {
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        ...couchEnvFor(dataDir),
        // The demo members (verified); no demo gigs.
        SEED_DEMO: 'true',
        TEST_CLOCK: 'true',
        ...env,
      },
      { startTimeoutMs: 90_000 },
    );
    running.push(api);
    return api;
  };
  afterAll(async () => {
    for (const api of running) await api.stop(5_000);
  });

  it(
    'is paid exactly once after a restart, by the start-up sweep',
    { timeout: 240_000 },
    async () => {
      const first = await startApi({ TEST_FAULT: 'exit_after_charge' });
      const sofia = await login(first, 'sofia');
      const amara = await login(first, 'amara');
      const gig = await call<{ gig: { id: string } }>(first, 'POST', '/api/gigs', {
        token: amara,
        body: {
          title: 'Gorée Island morning crossing with a guide',
          service_id: 'tour-guide',
          description:
            'The first ferry to Gorée, the House of Slaves before the crowds, and lunch on the square.',
          status: 'active',
          packages: [
            {
              tier: 'basic',
              name: 'Morning',
              price: { amount: 6400, currency: 'USD' },
              delivery_days: 2,
              revisions: 1,
            },
          ],
        },
      });
      expect(gig.status, JSON.stringify(gig.body)).toBe(201);
      // This instance's clock runs an hour ahead of the next one's.
      expect(
        (await call(first, 'POST', '/api/dev/clock', { body: { advance_ms: HOUR } })).status,
      ).toBe(200);
      const serviceDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      const placed = await call<{ order: { id: string; total: { amount: number } } }>(
        first,
        'POST',
        '/api/orders',
        {
          token: sofia,
          body: {
            gig_id: gig.body.gig.id,
            tier: 'basic',
            service_date: serviceDate,
            travellers: 1,
          },
        },
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orderId = placed.body.order.id;
      const total = placed.body.order.total.amount;

      // The payment: the process dies mid-request, right after the charge.
      const paying = call(first, 'POST', `/api/orders/${orderId}/pay`, {
        token: sofia,
        body: { card: CARD },
      });
      await expect(paying).rejects.toThrow();
      await first.exited;
      expect(first.child.signalCode).toBe('SIGKILL');

      if (!externalCouch) {
        // Its database server follows it (the API was its parent).
        const { port } = JSON.parse(
          readFileSync(path.join(dataDir, 'couch', 'running.json'), 'utf8'),
        ) as { port: number };
        await until(30_000, 'the orphaned database server exiting', async () =>
          fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) }).then(
            () => false,
            () => true,
          ),
        );
      }

      // What the crash left: a charge the order does not know of, and no ledger entry.
      const before = await database();
      try {
        const [order] = await marketDocs(before, `order:${orderId}`);
        expect(order).toMatchObject({
          status: 'pending_payment',
          payment: { status: 'processing', attempt: 1 },
        });
        const charges = await marketDocs(before, `charge:${orderId}:`);
        expect(charges.map((c) => c._id)).toEqual([`charge:${orderId}:1`]);
        expect(charges[0]).toMatchObject({ outcome: { status: 'succeeded' } });
        expect(await marketDocs(before, `entry:${orderId}:`)).toEqual([]);
      } finally {
        await before.stop();
      }

      // Started again without the fault; its timers' next look is an hour away.
      const second = await startApi({ ORDER_TIMER_INTERVAL_SECONDS: '3600' });
      const sofia2 = await login(second, 'sofia');
      const paid = await until(60_000, 'the order paid after the restart', async () => {
        const res = await call<{
          order: { status: string; timeline: { event: string }[]; actions: string[] };
        }>(second, 'GET', `/api/orders/${orderId}`, { token: sofia2 });
        return res.body.order.status === 'in_progress' ? res.body.order : null;
      });
      expect(paid.timeline.filter((e) => e.event === 'Paid into escrow')).toHaveLength(1);
      expect(paid.actions).not.toContain('pay');

      // Paid exactly once: one charge, one payment entry, and nothing else for the order yet.
      const after = await database();
      try {
        const charges = await marketDocs(after, `charge:${orderId}:`);
        expect(charges.map((c) => c._id)).toEqual([`charge:${orderId}:1`]);
        const entries = await marketDocs(after, `entry:${orderId}:`);
        expect(entries.map((e) => e._id)).toEqual([`entry:${orderId}:payment`]);
        expect(entries[0]).toMatchObject({ amount: total, from: expect.stringMatching(/^card:/) });
      } finally {
        await after.stop();
      }
      const balance = await call<{ spent: { amount: number }; in_escrow: { amount: number } }>(
        second,
        'GET',
        '/api/balance',
        { token: sofia2 },
      );
      expect(balance.body).toMatchObject({
        spent: { amount: total },
        in_escrow: { amount: total },
      });
      // Paying again is refused: it is paid.
      const again = await call<{ message: string }>(second, 'POST', `/api/orders/${orderId}/pay`, {
        token: sofia2,
        body: { card: CARD },
      });
      expect(again.status).toBe(409);
      const check = await call<{ ok: boolean; differences: unknown[] }>(
        second,
        'GET',
        '/api/admin/ledger/check',
        { token: await login(second, 'admin') },
      );
      expect(check.body).toMatchObject({ ok: true, differences: [] });
      await second.stop();
    },
  );
});
