import { proxy } from 'valtio';

/** The local database of the signed-in user (lib/local-db.ts). */
type LocalDbState = 'closed' | 'opening' | 'open' | 'failed';

/**
 * What the sync indicator says. `off`: no one is signed in (or the database is not open yet);
 * `online`: connected and up to date; `syncing`: changes are moving; `offline`: no network,
 * changes wait on this device; `error`: the server refuses or fails, and sync retries.
 */
type SyncStatus = 'off' | 'online' | 'syncing' | 'offline' | 'error';

export interface SyncState {
  db: LocalDbState;
  /** Whose database is open (a user id), so views reload when another user signs in. */
  owner: string | null;
  status: SyncStatus;
  /** Local changes not yet on the server. */
  pending: number;
  /** Changes the server refused since the database opened (its validation said no). */
  refused: number;
  /** When a replication last moved a change, ISO 8601. */
  lastSyncedAt: string | null;
  /** The last sync failure, as a sentence, while `status` is `error`. */
  error: string | null;
}

const initial = (): SyncState => ({
  db: 'closed',
  owner: null,
  status: 'off',
  pending: 0,
  refused: 0,
  lastSyncedAt: null,
  error: null,
});

export const syncStore = proxy<SyncState>(initial());

export function updateSync(patch: Partial<SyncState>): void {
  Object.assign(syncStore, patch);
}

/** The database closed (logout, another user): nothing of the previous one stays. */
export function resetSync(): void {
  Object.assign(syncStore, initial());
}
