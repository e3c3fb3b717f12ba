import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCouch, type Couch } from './connect';
import { isCouchUnreachable } from './errors';

const logger = { debug() {}, info() {}, warn() {}, error() {} } as never;
const TIMEOUT = 300;
const VIEW_TIMEOUT = 3000;
/** Far more than a timeout (undici checks its timers about every half second), far less than a hang. */
const BOUND = 5000;

/**
 * A database that misbehaves on purpose: some paths never answer, some stop half way through
 * their body, views answer late.
 */
describe('database timeouts (COUCH_TIMEOUT_MS)', () => {
  let server: http.Server;
  let couch: Couch;
  const open = new Set<http.ServerResponse>();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      open.add(res);
      res.on('close', () => open.delete(res));
      const url = req.url ?? '';
      if (url.startsWith('/db/hang')) return; // stopped server: never a byte
      if (url.startsWith('/db/half')) {
        // Headers and the start of the body, then nothing (stopped mid-answer).
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"_id":"half","padding":"');
        return;
      }
      if (url.startsWith('/db/attachment/half')) {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '1000' });
        res.write(Buffer.alloc(10));
        return;
      }
      if (url.startsWith('/db/_design/d/_view/slow')) {
        // An index build: longer than the timeout, shorter than the view timeout.
        setTimeout(() => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ total_rows: 1, offset: 0, rows: [{ id: 'a', key: 1 }] }));
        }, TIMEOUT * 4);
        return;
      }
      if (url.startsWith('/db/_changes') && url.includes('feed=continuous')) {
        // As CouchDB does: nothing (not even headers) until the first heartbeat, then a feed
        // that stays quiet for longer than the timeout between lines.
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('\n');
          setTimeout(() => res.end('{"last_seq":"1"}\n'), TIMEOUT * 4);
        }, TIMEOUT * 3);
        return;
      }
      if (url.startsWith('/db/missing')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'not_found', reason: 'missing' }));
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ _id: 'ok', _rev: '1-a' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://admin:secret@127.0.0.1:${(server.address() as AddressInfo).port}`;
    couch = await connectCouch(
      {
        couchUrl: url,
        couchDir: '/nonexistent',
        timeouts: { timeoutMs: TIMEOUT, viewTimeoutMs: VIEW_TIMEOUT },
      },
      logger,
    );
  });
  afterAll(async () => {
    for (const res of open) res.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The error a call ended with, and how long it took to end. */
  async function outcome(call: () => Promise<unknown>) {
    const started = Date.now();
    try {
      return { value: await call(), error: undefined, ms: Date.now() - started };
    } catch (error) {
      return { value: undefined, error, ms: Date.now() - started };
    }
  }

  it('ends a call the database never answers with an "unreachable" error (a 503)', async () => {
    const { error, ms } = await outcome(() => couch.server.use('db').get('hang'));
    expect(isCouchUnreachable(error), String(error)).toBe(true);
    expect(ms).toBeLessThan(BOUND);
  });

  it('ends a JSON answer that stops half way with that error too, never a made-up value', async () => {
    const { value, error, ms } = await outcome(() => couch.server.use('db').get('half'));
    expect(value).toBeUndefined();
    expect(isCouchUnreachable(error), String(error)).toBe(true);
    expect(ms).toBeLessThan(BOUND);
  });

  it('ends an attachment that stops half way (it does not stay pending)', async () => {
    const { error, ms } = await outcome(() =>
      couch.server.use('db').attachment.get('attachment', 'half'),
    );
    expect(isCouchUnreachable(error), String(error)).toBe(true);
    expect(ms).toBeLessThan(BOUND);
  });

  it('gives view reads the longer view timeout (an index may be building)', async () => {
    const result = await couch.server.use('db').view('d', 'slow');
    expect(result.rows).toEqual([{ id: 'a', key: 1 }]);
  });

  it('still passes answers and database errors through as they are', async () => {
    expect(await couch.server.use('db').get('fine')).toEqual({ _id: 'ok', _rev: '1-a' });
    const { error } = await outcome(() => couch.server.use('db').get('missing'));
    expect((error as { statusCode?: number }).statusCode).toBe(404);
    expect(isCouchUnreachable(error)).toBe(false);
  });

  it('raw requests (the sync gateway): a bounded wait for the headers, an unbounded body', async () => {
    const hung = await outcome(() => couch.fetch(`${couch.origin}/db/hang`, {}));
    expect(isCouchUnreachable(hung.error), String(hung.error)).toBe(true);
    expect(hung.ms).toBeLessThan(BOUND);

    // A feed's headers may wait for its first heartbeat, and its body may stay quiet.
    const feed = await couch.fetch(
      `${couch.origin}/db/_changes?feed=continuous&heartbeat=${TIMEOUT * 4}`,
      {},
    );
    expect(feed.status).toBe(200);
    expect(await feed.text()).toBe('\n{"last_seq":"1"}\n');
  });
});

describe('isWrite', () => {
  it('counts what may change the database, not reads sent as POST', async () => {
    const { isWrite } = await import('./timeouts');
    for (const [method, path] of [
      ['PUT', '/wf_catalog/gig:a'],
      ['POST', '/wf_catalog'],
      ['POST', '/wf_catalog/_bulk_docs'],
      ['DELETE', '/wf_catalog/gig:a?rev=1-a'],
      ['PUT', '/wf_catalog/gig:a/image?rev=1-a'],
      ['POST', '/wf_catalog/_index'],
      ['COPY', '/wf_catalog/_design/a'],
    ])
      expect(isWrite(method!, path!), `${method} ${path}`).toBe(true);
    for (const [method, path] of [
      ['GET', '/wf_catalog/gig:a'],
      ['HEAD', '/wf_catalog/gig:a'],
      ['POST', '/wf_catalog/_all_docs'],
      ['POST', '/wf_catalog/_bulk_get?revs=true'],
      ['POST', '/wf_catalog/_find'],
      ['POST', '/wf_catalog/_design/gigs/_view/search'],
      ['POST', '/wf_catalog/_changes?filter=_selector'],
      ['POST', '/wf_catalog/_revs_diff'],
    ])
      expect(isWrite(method!, path!), `${method} ${path}`).toBe(false);
  });
});
