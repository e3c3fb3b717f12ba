// The signed-in user's own database on this device (PRODUCT.md, "Where data lives"): opened on
// demand after login and after the first paint, synced live with /api/sync/db, closed when the
// session ends, and wiped at logout and account deletion. This module is small on purpose: it
// is reachable from the initial bundle, and loads PouchDB (lib/local-db-engine.ts) only with a
// dynamic import() when a signed-in user needs their data.
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import type { StoredDoc } from '@wayfarer/api/schemas/userdb-docs';
import { authStore, useCurrentUser } from '@/stores/auth';
import { resetSync, syncStore, updateSync } from '@/stores/sync';
import { endSessionAfter401, refreshToken } from './api-client';
import { shouldRefresh } from './jwt';
import { userDbName } from './local-db-docs';
import type { Database, LocalEngine } from './local-db-engine';
import { forgetSessionUser, rememberSessionUser } from './local-db-session';

const GATEWAY_PATH = '/api/sync/db';

interface Current {
  userId: string;
  engine: Promise<LocalEngine>;
}

let current: Current | null = null;
/** The open engine, once `current.engine` resolved (hooks read it synchronously). */
let ready: LocalEngine | null = null;
let persistenceAsked = false;

/**
 * fetch for the gateway: the current bearer token, read at call time; a token about to expire
 * is refreshed first, and a 401 gets one refresh and a retry. A session the server ended goes
 * the way every 401 goes (log in again); a refresh that could not reach the server is a network
 * error, so replication backs off and retries.
 */
export async function gatewayFetch(url: string | Request, init?: RequestInit): Promise<Response> {
  const send = (token: string) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return fetch(url, { ...init, headers });
  };
  let token = authStore.token;
  if (!token) throw new TypeError('Not signed in: sync waits for a login.');
  if (shouldRefresh(token)) {
    await refreshToken();
    token = authStore.token;
    if (!token) throw new TypeError('Not signed in: sync waits for a login.');
  }
  const response = await send(token);
  if (response.status !== 401) return response;
  const outcome = authStore.token && authStore.token !== token ? 'refreshed' : await refreshToken();
  if (outcome === 'refreshed' && authStore.token) return send(authStore.token);
  if (outcome === 'ended') {
    if (authStore.token === token) endSessionAfter401();
    return response;
  }
  throw new TypeError('The session could not be refreshed now; sync retries later.');
}

/** Spec: ask the browser once to keep this origin's storage (the user's data lives here). */
function requestPersistence(): void {
  if (persistenceAsked) return;
  persistenceAsked = true;
  try {
    void navigator.storage?.persist?.().catch(() => undefined);
  } catch {
    // Not supported: the browser decides.
  }
}

/** Opens (or returns) the database of `userId` and starts its sync; closes another user's. */
function openLocalDb(userId: string): Promise<LocalEngine> {
  if (current?.userId === userId) return current.engine;
  const previous = current;
  ready = null;
  const isCurrent = () => current?.userId === userId;
  const engine = (async () => {
    if (previous) await (await previous.engine.catch(() => null))?.close();
    // No IndexedDB (a very old or locked-down browser, or a test DOM): nothing to keep data in.
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available.');
    const { LocalEngine } = await import('./local-db-engine');
    const created = new LocalEngine({
      name: userDbName(userId),
      remoteUrl: `${location.origin}${GATEWAY_PATH}`,
      fetch: gatewayFetch,
      onState: (patch) => {
        if (isCurrent()) updateSync(patch);
      },
    });
    await created.open();
    if (!isCurrent()) {
      await created.close();
      throw new Error('Another session took over.');
    }
    created.startSync();
    return created;
  })();
  current = { userId, engine };
  updateSync({ db: 'opening', owner: userId, status: 'syncing', pending: 0, error: null });
  engine.then(
    (opened) => {
      if (!isCurrent()) return;
      ready = opened;
      updateSync({ db: 'open' });
    },
    (error: unknown) => {
      if (!isCurrent()) return;
      console.error('The local database could not be opened', error);
      updateSync({
        db: 'failed',
        status: 'error',
        error: 'This browser does not let the app keep your data on this device.',
      });
    },
  );
  requestPersistence();
  return engine;
}

/** The open database of the signed-in user, opening it if needed. */
export function whenLocalDb(): Promise<LocalEngine> {
  const user = authStore.user;
  if (!user) return Promise.reject(new Error('Log in to use your saved data.'));
  return openLocalDb(user.id);
}

/** Runs `work` on the signed-in user's database (waits for it to open). */
export async function withLocalDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const engine = await whenLocalDb();
  return work(engine.db);
}

/** Stops sync and closes the database; its data stays on the device (a session that ended). */
async function closeLocalDb(): Promise<void> {
  const closing = current;
  current = null;
  ready = null;
  resetSync();
  if (closing) await (await closing.engine.catch(() => null))?.close();
}

/**
 * Pushes what this device has not sent yet (logout). Resolves with the number of local changes
 * still not on the server: 0 when everything is there (or no database is open).
 */
export async function flushLocalDb(): Promise<number> {
  if (!current || syncStore.pending === 0) return 0;
  const engine = await current.engine.catch(() => null);
  if (!engine) return 0;
  const flushed = await engine.flush().catch(() => false);
  return flushed ? 0 : Math.max(1, syncStore.pending);
}

/** Logout and account deletion: stops sync and deletes the user's database from this device. */
export async function wipeLocalDb(userId: string | null | undefined): Promise<void> {
  forgetSessionUser();
  const wiping = current;
  current = null;
  ready = null;
  resetSync();
  if (!userId) return;
  const engine = wiping?.userId === userId ? await wiping.engine.catch(() => null) : null;
  try {
    if (engine) {
      await engine.destroy();
      return;
    }
    if (wiping) await (await wiping.engine.catch(() => null))?.close();
    // Never opened in this page: PouchDB deletes it by name (it may hold an earlier visit's data).
    if (typeof indexedDB === 'undefined') return;
    const { destroyDatabase } = await import('./local-db-engine');
    await destroyDatabase(userDbName(userId));
  } catch (error) {
    console.warn('The local database could not be deleted', error);
  }
}

// The session's user on this device: remembered for offline starts, forgotten with the token;
// a session that ends (token gone) stops sync. This module loads with a member's first page.
if (authStore.user) rememberSessionUser(authStore.user);
subscribeKey(authStore, 'user', (user) => {
  if (user) rememberSessionUser(user);
});
subscribeKey(authStore, 'token', (token) => {
  if (token) return;
  forgetSessionUser();
  // After a tick: a logout or account deletion wipes the database meanwhile (endSession), and
  // that needs the open engine; any other end of the session (a 401) keeps the data.
  setTimeout(() => {
    if (current && !authStore.token) void closeLocalDb();
  }, 0);
});

// Hooks ---------------------------------------------------------------------------------------

/** Work that can wait until the browser is idle (never before the first paint). */
function afterPaint(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/**
 * The signed-in user's open database, or null (a guest, or still opening). Asks for it to be
 * opened after the first paint.
 */
export function useLocalDb(): LocalEngine | null {
  const user = useCurrentUser();
  const sync = useSnapshot(syncStore);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId || current?.userId === userId) return;
    return afterPaint(() => {
      if (authStore.user?.id === userId) void openLocalDb(userId);
    });
  }, [userId]);
  if (!userId || sync.db !== 'open' || sync.owner !== userId) return null;
  return ready;
}

const RANGE_END = '\ufff0';

/**
 * The documents whose id starts with `prefix`, kept live (local writes and synced changes);
 * null while the database opens. `version` changes with each update.
 */
export function useLocalDocs<T extends StoredDoc>(prefix: string): T[] | null {
  return useLocalQuery(prefix, `prefix:${prefix}`, (engine) =>
    engine.db
      .allDocs({ startkey: prefix, endkey: prefix + RANGE_END, include_docs: true })
      .then((result) => result.rows.flatMap((row) => (row.doc ? [row.doc as unknown as T] : []))),
  );
}

/**
 * The answer of `query` (a `find` with a local index: lib/local-queries.ts), run again after
 * every change of a document whose id starts with `prefix`; null while the database opens and
 * until the first answer. `key` names the query: a new key runs it at once (and shows null
 * until it answers); `query` itself may be a new function on every render.
 */
export function useLocalQuery<T>(
  prefix: string,
  key: string,
  query: (engine: LocalEngine) => Promise<T>,
): T | null {
  const engine = useLocalDb();
  const [state, setState] = useState<{ engine: LocalEngine; key: string; value: T } | null>(null);
  const latest = useRef(query);
  latest.current = query;
  useEffect(() => {
    if (!engine) return;
    let isActive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      latest
        .current(engine)
        .then((value) => {
          if (isActive) setState({ engine, key, value });
        })
        .catch((error: unknown) => console.warn(`The local query ${key} failed`, error));
    };
    load();
    const off = engine.onChange((ids) => {
      if (!ids.some((id) => id.startsWith(prefix))) return;
      clearTimeout(timer);
      timer = setTimeout(load, 30);
    });
    return () => {
      isActive = false;
      clearTimeout(timer);
      off();
    };
  }, [engine, prefix, key]);
  return engine && state?.engine === engine && state.key === key ? state.value : null;
}

/** One document, kept live: undefined while loading, null when there is none. */
export function useLocalDoc<T extends StoredDoc>(id: string | null): T | null | undefined {
  const engine = useLocalDb();
  const [state, setState] = useState<{ key: string; doc: T | null } | null>(null);
  useEffect(() => {
    if (!engine || !id) return;
    let isActive = true;
    const load = () => {
      engine.db
        .get(id)
        .then(
          (doc) => doc as unknown as T,
          () => null,
        )
        .then((doc) => {
          if (isActive) setState({ key: id, doc });
        });
    };
    load();
    const off = engine.onChange((ids) => {
      if (ids.includes(id)) load();
    });
    return () => {
      isActive = false;
      off();
    };
  }, [engine, id]);
  if (!engine || !id) return id ? undefined : null;
  return state?.key === id ? state.doc : undefined;
}

/**
 * Reads document `id`, lets `update` change it (null: delete it, undefined: leave it) and writes
 * it; a concurrent write (409) reads again and retries.
 */
export async function upsertLocalDoc<T extends StoredDoc>(
  id: string,
  update: (existing: T | null) => T | null | undefined,
): Promise<void> {
  await withLocalDb(async (db) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      let existing: T | null;
      try {
        existing = (await db.get(id)) as unknown as T;
      } catch {
        existing = null;
      }
      const next = update(existing);
      if (next === undefined) return;
      try {
        if (next === null) {
          if (existing?._rev) await db.remove(id, existing._rev);
        } else {
          await db.put({ ...next, _id: id, _rev: existing?._rev } as never);
        }
        return;
      } catch (error) {
        if ((error as { status?: number }).status !== 409) throw error;
      }
    }
    throw new Error('This was changed elsewhere at the same moment. Please try again.');
  });
}
