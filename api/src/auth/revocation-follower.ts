import { SERVER_DATABASES } from '@wayfarer/couch';
import type { Couch } from '../couch/connect';
import type { Logger } from '../lib/logger';
import type { UserDoc } from '../routes/users/users.model';
import type { LiveSessions } from './live-sessions';
import type { SessionDoc } from './sessions';

export interface FollowerOptions {
  /** The `timeout` asked of each long poll; the request itself is cut off a little later. */
  pollMs?: number;
  /** Waits between failed polls: from the first, doubling up to the last. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface RevocationFollower {
  /** Resolves once the follower has its starting point (the database's update_seq). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

interface ChangeRow {
  id: string;
  deleted?: boolean;
}

/**
 * CouchDB is the message bus between API instances: each follows the wf_users `_changes` feed
 * from the update_seq it found at start, and hands every change to a session or user document
 * to LiveSessions, which drops cached copies and closes the open sync feeds the change ends
 * (revoked, expired or deleted session; deleted, suspended, re-roled or signed-out-everywhere
 * user). So a logout or password change on one instance ends the feeds on all of them within
 * about a second.
 *
 * Long polls with a concrete `since`; each poll is also cut off by the follower's own timer
 * (a server may hold a poll at the head of the feed past its `timeout`), and failures are
 * retried with back-off from the same sequence, so nothing is skipped.
 */
export function followRevocations(
  couch: Couch,
  live: LiveSessions,
  logger: Logger,
  options: FollowerOptions = {},
): RevocationFollower {
  const pollMs = options.pollMs ?? 25_000;
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  const dbUrl = `${couch.origin}/${SERVER_DATABASES.users}`;
  const admin = new URL(couch.url);
  const authorization =
    'Basic ' +
    Buffer.from(
      `${decodeURIComponent(admin.username)}:${decodeURIComponent(admin.password)}`,
    ).toString('base64');
  const headers = {
    authorization,
    accept: 'application/json',
    'content-type': 'application/json',
    'accept-encoding': 'identity',
  };
  const stopping = new AbortController();
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const request = async <T>(url: string, init: RequestInit = {}, timeoutMs = 10_000) => {
    const response = await fetch(url, {
      ...init,
      headers,
      signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the database answered ${response.status}`);
    }
    return (await response.json()) as T;
  };

  const apply = async (rows: ChangeRow[]) => {
    const users = new Set<string>();
    const sessions = new Set<string>();
    for (const row of rows) {
      if (row.id.startsWith('user:')) users.add(row.id.slice('user:'.length));
      else if (row.id.startsWith('session:')) sessions.add(row.id.slice('session:'.length));
    }
    if (!users.size && !sessions.size) return;
    // First number the changes, so a request whose session was read before them reads it again;
    // then judge the requests open now against the documents as stored.
    live.touched([...users], [...sessions]);
    const heldUsers = [...users].filter((id) => live.holdsUser(id));
    const heldSessions = [...sessions].filter((id) => live.holdsSession(id));
    if (!heldUsers.length && !heldSessions.length) return;
    const keys = [
      ...heldUsers.map((id) => `user:${id}`),
      ...heldSessions.map((id) => `session:${id}`),
    ];
    const result = await request<{ rows: { key: string; doc?: unknown }[] }>(
      `${dbUrl}/_all_docs?include_docs=true`,
      { method: 'POST', body: JSON.stringify({ keys }) },
    );
    const docs = new Map(result.rows.map((row) => [row.key, row.doc ?? null]));
    for (const id of heldUsers)
      live.userChanged(id, (docs.get(`user:${id}`) ?? null) as UserDoc | null);
    for (const id of heldSessions)
      live.sessionChanged(id, (docs.get(`session:${id}`) ?? null) as SessionDoc | null);
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stopping.signal.addEventListener('abort', done);
    });

  const loop = async () => {
    let since: string | undefined;
    let delay = retryMs;
    let failing = false;
    while (!stopping.signal.aborted) {
      try {
        if (since === undefined) {
          const info = await request<{ update_seq: unknown }>(dbUrl);
          since = String(info.update_seq);
          resolveReady();
        }
        const feed = await request<{ results: ChangeRow[]; last_seq: unknown }>(
          `${dbUrl}/_changes?feed=longpoll&since=${encodeURIComponent(since)}&timeout=${pollMs}&limit=500`,
          {},
          pollMs + 5_000,
        );
        await apply(feed.results ?? []);
        since = String(feed.last_seq);
        delay = retryMs;
        if (failing) logger.info('following session changes again');
        failing = false;
      } catch (error) {
        if (stopping.signal.aborted) break;
        // A poll cut off by our own timer is not a failure: poll again at once.
        if ((error as { name?: string }).name === 'TimeoutError' && since !== undefined) continue;
        if (!failing)
          logger.warn(
            { err: error },
            'cannot follow session changes; revocations made by other instances wait for it',
          );
        failing = true;
        await pause(delay);
        delay = Math.min(delay * 2, maxRetryMs);
      }
    }
  };

  const running = loop();
  return {
    ready,
    async stop() {
      stopping.abort();
      resolveReady();
      await running;
    },
  };
}
