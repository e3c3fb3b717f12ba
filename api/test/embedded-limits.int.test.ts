import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, type Session } from './helpers/client';
import { externalCouch, startTestServer, type TestServer } from './helpers/server';

/**
 * The embedded server under a low descriptor limit: it keeps only so many databases open,
 * closing the least recently used, so touching many more member databases than fit open at once
 * never runs it out of descriptors (it used to answer 404s from about a hundred members under a
 * 512-descriptor limit).
 */
const FILE_LIMIT = 256;
/**
 * A member database with its three view indexes holds about 16 descriptors: with none closed,
 * the 14th member's registration runs the server out under 256 (503s; 404s before the fix).
 */
const FIT_AT_ONCE = 14;
const MEMBERS = 3 * FIT_AT_ONCE;

const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;
const softLimit = (pid: number) =>
  Number(
    readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('Max open files'))
      ?.split(/\s{2,}/)[1],
  );

describe.skipIf(externalCouch || process.platform !== 'linux')(
  'the embedded server under a low descriptor limit',
  () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    const notices: { msg: string; maxDbsOpen?: number }[] = [];

    beforeAll(async () => {
      server = await startTestServer({
        COUCH_FILE_LIMIT: String(FILE_LIMIT),
        // Every member registers from this one address.
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_ADDRESS: '100000',
      });
      server.deps.couch.embedded!.on('notice', (notice: { msg: string }) => notices.push(notice));
      api = client(server);
    });
    afterAll(() => server?.close());

    it("runs in a process group of its own, which a signal to the API's group does not reach", () => {
      // Ctrl-C or a supervisor's SIGTERM goes to the API's whole group: the API must outlive it
      // long enough to write what it holds, then stop this server itself.
      const group = (pid: number) =>
        Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);
      const pid = server.deps.couch.embedded!.pid!;
      expect(group(pid)).toBe(pid);
      expect(group(pid)).not.toBe(group(process.pid));
    });

    it(
      `serves ${MEMBERS} members, each registering, reading and syncing, without running out`,
      { timeout: 600_000 },
      async () => {
        const pid = server.deps.couch.embedded!.pid!;
        expect(softLimit(pid)).toBe(FILE_LIMIT);
        // Closing a database waits for its compaction: more workers than libuv's 4 keep the
        // other requests going meanwhile.
        expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain(
          'UV_THREADPOOL_SIZE=16',
        );
        const failures: string[] = [];
        const check = (what: string, status: number, expected: number) => {
          if (status !== expected) failures.push(`${what}: ${status}`);
        };
        let mostOpen = 0;
        const members: Session[] = [];
        for (let i = 0; i < MEMBERS; i++) {
          const registered = await api.post<Session>('/api/register', { body: newAccount() });
          check(`register ${i}`, registered.status, 201);
          if (registered.status !== 201) continue;
          const member = registered.body;
          members.push(member);
          check(`user ${i}`, (await api.get('/api/user', { token: member.token })).status, 200);
          const put = await server.request(`/api/sync/db/draft%3Agig%3Ad${i}`, {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${member.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              _id: `draft:gig:d${i}`,
              type: 'draft',
              form: 'gig',
              key: `d${i}`,
              fields: { title: `Draft ${i}` },
              updated_at: new Date().toISOString(),
            }),
          });
          check(`sync write ${i}`, put.status, 201);
          await put.body?.cancel();
          mostOpen = Math.max(mostOpen, openFiles(pid));
        }
        // Every member again, oldest first: their databases were closed long ago and open again.
        for (const [i, member] of members.entries()) {
          const changes = await server.request('/api/sync/db/_changes?since=0', {
            headers: { authorization: `Bearer ${member.token}` },
          });
          const text = await changes.text();
          check(`sync read ${i}`, changes.status, 200);
          if (changes.ok && !text.includes(`draft:gig:d${i}`))
            failures.push(`sync read ${i}: lost`);
          check(`inbox ${i}`, (await api.get('/api/inbox', { token: member.token })).status, 200);
          mostOpen = Math.max(mostOpen, openFiles(pid));
        }
        expect(failures).toEqual([]);
        expect(server.deps.couch.embedded!.pid).toBe(pid);
        expect(mostOpen).toBeLessThan(FILE_LIMIT);
        // The cap the server chose for this limit (the start-up notice came before we listened).
        expect(notices.filter((n) => /ran out/.test(n.msg))).toEqual([]);
      },
    );
  },
);
