import { useSnapshot } from 'valtio';
import { syncStore, type SyncState } from '@/stores/sync';
import './sync-indicator.css';

const LABELS: Record<Exclude<SyncState['status'], 'off'>, string> = {
  online: 'Synced',
  syncing: 'Syncing',
  offline: 'Offline',
  error: 'Sync error',
};

/** The sentence behind the dot: what the state means for the user's changes. */
export function syncDescription(
  state: Pick<SyncState, 'status' | 'pending' | 'error' | 'refused'>,
): string {
  const waiting =
    state.pending > 0
      ? ` ${state.pending} change${state.pending === 1 ? '' : 's'} on this device wait${state.pending === 1 ? 's' : ''} to sync.`
      : '';
  const refused =
    state.refused > 0
      ? ` ${state.refused} change${state.refused === 1 ? ' was' : 's were'} refused by the server.`
      : '';
  switch (state.status) {
    case 'online':
      return `Your data is up to date on all your devices.${waiting}${refused}`;
    case 'syncing':
      return `Sending and receiving your latest changes.${waiting}${refused}`;
    case 'offline':
      return `You are offline. Your changes are kept on this device and sync when you reconnect.${waiting}${refused}`;
    case 'error':
      return `${state.error ?? 'Sync failed.'} It retries by itself.${waiting}${refused}`;
    case 'off':
      return '';
  }
}

/**
 * A small dot and word in the header: online, syncing, offline or error, and what waits. Not a
 * live region: it changes with every sync, and announcing each would drown the page.
 */
export function SyncIndicator() {
  const sync = useSnapshot(syncStore);
  if (sync.status === 'off') return null;
  const description = syncDescription(sync);
  return (
    <span
      className="sync-indicator"
      data-state={sync.status}
      data-testid="sync-indicator"
      title={description}
    >
      <span className="sync-dot" aria-hidden="true" />
      <span className="sync-label">{LABELS[sync.status]}</span>
      {sync.pending > 0 && (
        <span className="sync-pending" data-testid="sync-pending">
          {sync.pending}
          <span className="visually-hidden"> waiting</span>
        </span>
      )}
      <span className="visually-hidden">. {description}</span>
    </span>
  );
}
