/**
 * A registration interrupted after its account document (issue 23): the steps after it (the
 * member's database, its `_security` and design documents, the verification mail, the welcome
 * notification) are completed by a retry of the registration with the same password, by a
 * login, or by the API's upkeep; never refused as "already registered".
 *
 * The first case is a real interruption: an API process with TEST_FAULT=exit_after_account dies
 * (SIGKILL) right after the account document, then the API starts again on the same data. The
 * others start from the state that leaves (an account with `setup_pending` and nothing after it).
 * On the embedded server or on TEST_COUCH_URL.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import { createMaintenance } from '../src/jobs/housekeeping';
import { createUser } from '../src/routes/users/users.service';
import type { UserDoc } from '../src/routes/users/users.model';
import { startApiProcess } from './helpers/api-process';
import { client, latestMail, newAccount, type Session } from './helpers/client';
import { couchEnvFor, startTestServer, type TestServer } from './helpers/server';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-account-setup-'));
let server: TestServer | undefined;
afterAll(() => server?.close());

const running = () => server!;
const userDoc = async (email: string) => {
  const users = running().deps.couch.db('users');
  const { user_id } = (await users.get(`email:${email}`)) as unknown as { user_id: string };
  return (await users.get(`user:${user_id}`)) as unknown as UserDoc;
};
const databaseOf = (userId: string) =>
  running().deps.couch.server.use<Record<string, unknown>>(
    userDbName(running().deps.couch, userId),
  );

/** What a finished setup leaves: the database locked down, its design documents, the mail and the welcome. */
async function expectSetUp(email: string) {
  const user = await userDoc(email);
  expect(user.setup_pending).toBeUndefined();
  const couch = running().deps.couch;
  const security = (await couch.server.request({
    db: userDbName(couch, user.id),
    path: '_security',
  })) as { members?: { names?: string[] } };
  expect(security.members?.names).toEqual([couch.gatewayUser]);
  const db = databaseOf(user.id);
  expect((await db.get('_design/app'))._id).toBe('_design/app');
  expect((await db.get('_design/notifications'))._id).toBe('_design/notifications');
  expect((await db.get(`notification:welcome:${user.id}`)).type).toBe('notification');
  expect((await latestMail(running(), email))?.subject).toMatch(/verify|confirm/i);
}

/** An account as a registration interrupted after its document leaves it. */
async function halfMade(password: string, createdAgoMs = 0) {
  const body = newAccount({ password, password_confirmation: password });
  const user = await createUser(running().deps.couch, {
    email: body.email,
    password,
    role: 'Customer',
    full_name: body.full_name,
    setup_pending: true,
  });
  if (createdAgoMs) {
    const users = running().deps.couch.db('users');
    await users.insert({
      ...user,
      created_at: new Date(Date.now() - createdAgoMs).toISOString(),
    } as never);
  }
  return body;
}

describe('a registration interrupted after the account document', () => {
  it(
    'is completed by a retry with the same password; another password gets the usual refusal',
    { timeout: 180_000 },
    async () => {
      const faulty = await startApiProcess(
        { DATA_DIR: dataDir, ...couchEnvFor(dataDir), TEST_FAULT: 'exit_after_account' },
        { startTimeoutMs: 90_000 },
      );
      const body = newAccount();
      await expect(
        faulty.request('/api/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ).rejects.toThrow();
      await faulty.exited;
      expect(faulty.child.signalCode).toBe('SIGKILL');

      // Its upkeep leaves registrations of the last hour alone (each case says who completes it).
      server = await startTestServer({ ACCOUNT_SETUP_GRACE_SECONDS: '3600' }, dataDir);
      const api = client(running());
      // Where it stopped: the account, marked, and no database yet.
      const stopped = await userDoc(body.email);
      expect(stopped.setup_pending).toBe(true);
      await expect(databaseOf(stopped.id).info()).rejects.toMatchObject({ statusCode: 404 });

      const wrong = await api.post('/api/register', {
        body: { ...body, password: 'not-the-same-pw', password_confirmation: 'not-the-same-pw' },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ errors: { email: [expect.any(String)] } });
      expect((await userDoc(body.email)).setup_pending).toBe(true);

      const retry = await api.post<Session>('/api/register', { body });
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.body.user.id).toBe(stopped.id);
      await expectSetUp(body.email);
      // The session works, the member's database included.
      expect((await api.get('/api/user', { token: retry.body.token })).status).toBe(200);
      const sync = await running().request('/api/sync/db/_all_docs', {
        headers: { authorization: `Bearer ${retry.body.token}` },
      });
      expect(sync.status).toBe(200);
      // Done once: registering again is the usual refusal.
      expect((await api.post('/api/register', { body })).status).toBe(422);
    },
  );

  it('is completed by a login', async () => {
    const body = await halfMade('login-completes-it');
    const login = await client(running()).post<Session>('/api/login', {
      body: { email: body.email, password: body.password },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await expectSetUp(body.email);
  });

  it('is completed by the upkeep once older than the grace period (an hour here)', async () => {
    const stalled = await halfMade('upkeep-completes-it', 2 * 3_600_000);
    const recent = await halfMade('still-under-way');
    await createMaintenance(running().deps, { intervalMs: 3_600_000 }).runOnce();
    await expectSetUp(stalled.email);
    // One a request may still be making is left to it.
    expect((await userDoc(recent.email)).setup_pending).toBe(true);
  });
});
