import { proxy } from 'valtio';

export interface PwaState {
  /** A new version's service worker is installed and waiting for the user's go-ahead. */
  isUpdateReady: boolean;
}

export const pwaStore = proxy<PwaState>({ isUpdateReady: false });

// Outside the proxy: a function is not state to render.
let activateUpdate: (() => void) | null = null;

/** The service worker module found a waiting version; `activate` switches to it and reloads. */
export function setUpdateReady(activate: () => void): void {
  activateUpdate = activate;
  pwaStore.isUpdateReady = true;
}

/** "Reload" in the update prompt. */
export function applyUpdate(): void {
  pwaStore.isUpdateReady = false;
  activateUpdate?.();
}

/** "Later": the prompt comes back with the next version, or the next visit. */
export function dismissUpdate(): void {
  pwaStore.isUpdateReady = false;
}
