import { useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { syncStore } from '@/stores/sync';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** `navigator.onLine`, live. (True means "has a network", not "the server answers".) */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether the server can be asked: the browser has a network and the sync of the user's
 * database has not found the server out of reach.
 */
export function useIsOnline(): boolean {
  const hasNetwork = useOnlineStatus();
  const sync = useSnapshot(syncStore);
  return hasNetwork && sync.status !== 'offline';
}
