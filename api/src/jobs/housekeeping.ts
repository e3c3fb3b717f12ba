import type { DocumentScope } from 'nano';
import type { AppDeps } from '../context';
import type { Couch } from '../couch/connect';
import { isNotFound } from '../couch/errors';
import { updateUserDbDesign } from '../couch/userdb';
import type { Logger } from '../lib/logger';
import { completeAccountSetup } from '../routes/users/account-setup';
import type { Deps as AccountDeps } from '../routes/users/accounts-store';
import type { UserDoc } from '../routes/users/users.model';
import { Maintenance, type MaintenanceTask } from './maintenance';

type Deps = { couch: Couch; logger: Logger };
type UpkeepDeps = AccountDeps & Pick<AppDeps, 'env'>;

const DAY_MS = 86_400_000;
/** Ended sessions stay a week: the dashboard's active users are the sign-ins of the last 7 days. */
const SESSION_RETENTION_MS = 7 * DAY_MS;
/** Used or expired password-reset tokens stay a day. */
const RESET_RETENTION_MS = DAY_MS;
/** A reservation younger than this may belong to a registration or tagname change under way. */
export const RESERVATION_GRACE_MS = 15 * 60_000;
/** User databases whose design documents are checked at once. */
const DESIGN_CONCURRENCY = 4;
const PAGE = 500;
/** At most this many pages of ended documents per run; the rest go at the next one. */
const MAX_PURGE_PAGES = 20;

/** Deletes documents at the revisions read; one changed meanwhile (409) waits for the next run. */
async function deleteAtRevisions(db: DocumentScope<unknown>, docs: { id: string; rev: string }[]) {
  if (!docs.length) return 0;
  const results = await db.bulk({
    docs: docs.map((d) => ({ _id: d.id, _rev: d.rev, _deleted: true })),
  } as never);
  return results.filter((r) => !r.error).length;
}

/**
 * Sessions that ended (expired or revoked) and password-reset tokens that ended (expired or
 * used) longer ago than their retention, found with the `housekeeping/ended` view of wf_users.
 */
async function purgeEnded(deps: Deps, now: number) {
  const users = deps.couch.db('users') as DocumentScope<unknown>;
  const purge = async (type: string, retentionMs: number) => {
    let purged = 0;
    for (let page = 0; page < MAX_PURGE_PAGES; page++) {
      const { rows } = await users.view<{ rev: string }>('housekeeping', 'ended', {
        startkey: [type, ''],
        endkey: [type, new Date(now - retentionMs).toISOString()],
        limit: PAGE,
      });
      const deleted = await deleteAtRevisions(
        users,
        rows.map((r) => ({ id: r.id, rev: r.value.rev })),
      );
      purged += deleted;
      if (rows.length < PAGE || deleted === 0) break;
    }
    return purged;
  };
  return {
    sessions: await purge('session', SESSION_RETENTION_MS),
    resets: await purge('password_reset', RESET_RETENTION_MS),
  };
}

interface Reservation {
  _id: string;
  _rev: string;
  user_id?: string;
  created_at?: string;
}

/**
 * Email and tagname reservations that belong to no account: their user does not exist or no
 * longer has that address or name (a registration or tagname change whose roll-back failed).
 * Reservations younger than the grace period are left alone: their account may be on its way.
 */
async function releaseOrphanReservations(deps: Deps, now: number, signal?: AbortSignal) {
  const users = deps.couch.db('users') as DocumentScope<unknown>;
  const cutoff = new Date(now - RESERVATION_GRACE_MS).toISOString();
  let released = 0;
  for (const kind of ['email', 'tagname'] as const) {
    const prefix = `${kind}:`;
    let after: string | undefined;
    while (!signal?.aborted) {
      const page = await users.list({
        startkey: after ?? prefix,
        endkey: `${prefix}\ufff0`,
        skip: after ? 1 : 0,
        limit: PAGE,
        include_docs: true,
      });
      const old = page.rows
        .map((r) => r.doc as unknown as Reservation)
        .filter((doc) => doc && (doc.created_at ?? '') < cutoff);
      const owners = old.length
        ? await users.fetch({ keys: [...new Set(old.map((d) => `user:${d.user_id}`))] })
        : { rows: [] };
      const byKey = new Map(
        owners.rows.map((r) => [r.key, 'doc' in r ? (r.doc as unknown as UserDoc | null) : null]),
      );
      const orphans = old.filter((reservation) => {
        const owner = byKey.get(`user:${reservation.user_id}`);
        const value = reservation._id.slice(prefix.length);
        return !owner || (kind === 'email' ? owner.email !== value : owner.tagname !== value);
      });
      released += await deleteAtRevisions(
        users,
        orphans.map((d) => ({ id: d._id, rev: d._rev })),
      );
      if (page.rows.length < PAGE) break;
      after = page.rows.at(-1)!.id;
    }
  }
  return { released };
}

/**
 * Brings every user database's design documents up to date (sessions last up to a year, so
 * waiting for a login is not enough), a few databases at a time; a changed view is built under its
 * staged name and swapped in (also one a login staged), the member reading the old one meanwhile.
 * A database that does not exist is skipped: login and delivery make it.
 */
async function updateUserDbDesigns(deps: Deps, signal?: AbortSignal) {
  const users = deps.couch.db('users');
  const counts = { checked: 0, updated: 0, missing: 0, failed: 0 };
  let after: string | undefined;
  while (!signal?.aborted) {
    const page = await users.list({
      startkey: after ?? 'user:',
      endkey: 'user:\ufff0',
      skip: after ? 1 : 0,
      limit: PAGE,
    });
    const queue = page.rows.map((r) => r.id.slice('user:'.length));
    const worker = async () => {
      for (let userId = queue.shift(); userId && !signal?.aborted; userId = queue.shift()) {
        try {
          if (await updateUserDbDesign(deps.couch, userId, signal)) counts.updated++;
          counts.checked++;
        } catch (error) {
          if (signal?.aborted) break;
          if (isNotFound(error)) {
            counts.missing++;
          } else {
            counts.failed++;
            deps.logger.warn({ err: error, userId }, 'updating a user database design failed');
          }
        }
      }
    };
    await Promise.all(Array.from({ length: DESIGN_CONCURRENCY }, worker));
    if (page.rows.length < PAGE) break;
    after = page.rows.at(-1)!.id;
  }
  return counts;
}

/**
 * Registrations that stopped half-way (the process died, the database did not answer) are
 * completed: the account's database, `_security` and design documents, mail and notification
 * (account-setup.ts). Those made less than ACCOUNT_SETUP_GRACE_SECONDS ago are left to the
 * request making them.
 */
async function completeStalledSetups(deps: UpkeepDeps, now: number, signal?: AbortSignal) {
  const users = deps.couch.db('users');
  const counts = { completed: 0, failed: 0 };
  const { rows } = await users.view('housekeeping', 'setup_pending', {
    endkey: new Date(now - deps.env.ACCOUNT_SETUP_GRACE_SECONDS * 1000).toISOString(),
    include_docs: true,
    limit: PAGE,
  });
  for (const row of rows) {
    if (signal?.aborted) break;
    try {
      await completeAccountSetup(deps, row.doc as unknown as UserDoc);
      counts.completed++;
    } catch (error) {
      counts.failed++;
      deps.logger.warn({ err: error, userId: row.id }, 'completing an account setup failed');
    }
  }
  return counts;
}

/**
 * The API's upkeep: user database designs at start; stalled account setups, reservations and
 * purges every interval.
 */
export function createMaintenance(
  deps: UpkeepDeps,
  options: { intervalMs: number; now?: () => number },
): Maintenance {
  const tasks: MaintenanceTask[] = [
    {
      name: 'user-db-design',
      once: true,
      run: ({ signal }) => updateUserDbDesigns(deps, signal),
    },
    {
      name: 'account-setup',
      run: ({ now, signal }) => completeStalledSetups(deps, now, signal),
    },
    {
      name: 'orphan-reservations',
      run: ({ now, signal }) => releaseOrphanReservations(deps, now, signal),
    },
    { name: 'purge-sessions-and-resets', run: ({ now }) => purgeEnded(deps, now) },
  ];
  return new Maintenance(tasks, { ...options, logger: deps.logger });
}
