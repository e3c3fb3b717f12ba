import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCouch } from './connect';
import { userDbName } from './userdb';

const logger = { debug() {}, info() {}, warn() {}, error() {} } as never;

describe('connectCouch with COUCH_URL', () => {
  const seen: http.IncomingHttpHeaders[] = [];
  const paths: string[] = [];
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      paths.push(req.url ?? '');
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

  it('names databases and the gateway account as they are, or after COUCH_DB_PREFIX', async () => {
    const plain = await connectCouch({ couchUrl: url, couchDir: '/nonexistent' }, logger);
    expect(plain.databases.users).toBe('wf_users');
    expect(userDbName(plain, 'ab')).toBe('userdb-6162');
    expect(plain.gatewayUser).toBe('wayfarer_gateway');

    const prefixed = await connectCouch(
      { couchUrl: url, couchDir: '/nonexistent', dbPrefix: 'wft1_' },
      logger,
    );
    expect(Object.values(prefixed.databases).every((name) => name.startsWith('wft1_wf_'))).toBe(
      true,
    );
    expect(userDbName(prefixed, 'ab')).toBe('wft1_userdb-6162');
    expect(prefixed.gatewayUser).toBe('wft1_wayfarer_gateway');
    await prefixed.db('catalog').get('x');
    expect(paths.at(-1)).toBe('/wft1_wf_catalog/x');
  });
});
