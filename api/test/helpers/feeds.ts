/** A `_changes` feed opened through the sync gateway, read in the background. */
export interface OpenFeed {
  /** Everything the feed delivered so far. */
  text(): string;
  /** Settles when the feed ends, however: its end, a cut connection, or an error status. */
  ended: Promise<{ status: number; how: 'end' | 'cut' | 'status'; at: number }>;
  /** Resolves once `text()` contains `needle` (or the feed ended without it). */
  delivered(needle: string): Promise<boolean>;
  close(): void;
}

/**
 * Opens `feed=continuous` (with heartbeats) or `feed=longpoll` from the database's current
 * sequence, as PouchDB does (a concrete `since`).
 */
export async function openFeed(
  base: string,
  token: string,
  kind: 'continuous' | 'longpoll',
): Promise<OpenFeed> {
  const headers = { authorization: `Bearer ${token}` };
  const info = await fetch(`${base}/api/sync/db`, { headers });
  if (info.status !== 200) throw new Error(`db info: ${info.status} ${await info.text()}`);
  const { update_seq } = (await info.json()) as { update_seq: string | number };
  const since = encodeURIComponent(String(update_seq));
  const query =
    kind === 'continuous'
      ? `feed=continuous&heartbeat=1000&since=${since}`
      : `feed=longpoll&since=${since}&timeout=60000`;
  const controller = new AbortController();
  let text = '';
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const ended = (async () => {
    try {
      const res = await fetch(`${base}/api/sync/db/_changes?${query}`, {
        headers,
        signal: controller.signal,
      });
      if (res.status !== 200) {
        text += await res.text();
        return { status: res.status, how: 'status' as const };
      }
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return { status: 200, how: 'end' as const };
        text += decoder.decode(value, { stream: true });
        wake();
      }
    } catch {
      return { status: 200, how: 'cut' as const };
    }
  })().then((result) => {
    wake();
    return { ...result, at: Date.now() };
  });
  let isOver = false;
  void ended.then(() => (isOver = true));
  return {
    text: () => text,
    ended,
    delivered: (needle) =>
      new Promise<boolean>((resolve) => {
        const check = () => {
          if (text.includes(needle)) resolve(true);
          else if (isOver) resolve(false);
          else return;
          waiters.delete(check);
        };
        waiters.add(check);
        void ended.then(check);
        check();
      }),
    close: () => controller.abort(),
  };
}

/** `promise`, or `fallback` once `ms` passed (a bound on a wait, not a sleep). */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
