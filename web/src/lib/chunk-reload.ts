// After a deploy, a tab still running the old build asks for chunks that no longer exist. Spec
// sections 2 and 8: a failed chunk load reloads the page, which fetches the new index.html. The
// sessionStorage flag makes that happen once: if the reload did not help, the error is shown.

export const CHUNK_RELOAD_FLAG = 'wayfarer:chunk-reload';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack wording, kept by the spec
  /Unable to preload CSS/i, // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((re) => re.test(message));
}

interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload?: () => void;
  isOnline?: () => boolean;
}

function defaults(deps: ReloadDeps): Required<ReloadDeps> {
  return {
    storage: deps.storage ?? window.sessionStorage,
    reload: deps.reload ?? (() => window.location.reload()),
    isOnline: deps.isOnline ?? (() => navigator.onLine !== false),
  };
}

/**
 * Reloads the page for a chunk load error unless this session already tried.
 * Returns true when a reload was started (the caller should render nothing alarming).
 */
export function reloadOnChunkError(error: unknown, deps: ReloadDeps = {}): boolean {
  if (!isChunkLoadError(error)) return false;
  const { storage, reload, isOnline } = defaults(deps);
  // Offline, the chunk failed because there is no network, not because of a deploy: a reload
  // would replace the page with the browser's offline error. The caller shows its offline message.
  if (!isOnline()) return false;
  try {
    if (storage.getItem(CHUNK_RELOAD_FLAG) !== null) return false;
    storage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()));
  } catch {
    // Storage disabled: without the guard a reload could loop, so show the error instead.
    return false;
  }
  reload();
  return true;
}

/** Called once a page rendered: a later deploy in the same tab may reload again. */
export function clearChunkReloadFlag(deps: Pick<ReloadDeps, 'storage'> = {}): void {
  try {
    (deps.storage ?? window.sessionStorage).removeItem(CHUNK_RELOAD_FLAG);
  } catch {
    // Storage disabled: nothing was set.
  }
}
