import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCouch } from './connect';

const logger = { debug() {}, info() {}, warn() {}, error() {} } as never;

describe('connectCouch with COUCH_URL', () => {
  const seen: http.IncomingHttpHeaders[] = [];
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ _id: 'x', _rev: '1-a' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://admin:secret@127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('asks for answers uncompressed (gzip on loopback is CPU for nothing), with its credentials', async () => {
    const couch = await connectCouch({ couchUrl: url, couchDir: '/nonexistent' }, logger);
    expect(await couch.db('catalog').get('x')).toMatchObject({ _id: 'x' });
    expect(seen.at(-1)?.['accept-encoding']).toBe('identity');
    expect(seen.at(-1)?.authorization).toBe(
      'Basic ' + Buffer.from('admin:secret').toString('base64'),
    );
  });
});
