/**
 * A value derived from a whole database (such as the list of active services), recomputed only
 * when the database changed. At most once per `checkEveryMs` it asks the database for its
 * `update_seq` (a cheap call); if that moved, the value is loaded again. Several API instances
 * each keep their own copy and are at most `checkEveryMs` behind a write made by another.
 */
export function seqCache<T>(
  db: () => { info(): Promise<{ update_seq: unknown }> },
  load: () => Promise<T>,
  { checkEveryMs = 1000 } = {},
) {
  let cached: { seq: string; value: T } | undefined;
  let checkedAt = 0;
  let inFlight: Promise<T> | undefined;

  const refresh = async (): Promise<T> => {
    const info = await db().info();
    const seq = String(info.update_seq);
    checkedAt = Date.now();
    if (cached && cached.seq === seq) return cached.value;
    const value = await load();
    cached = { seq, value };
    return value;
  };

  return {
    get(): Promise<T> {
      if (cached && Date.now() - checkedAt < checkEveryMs) return Promise.resolve(cached.value);
      inFlight ??= refresh().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    /** Forget the value (after a write in this process, so its own readers see it at once). */
    invalidate() {
      cached = undefined;
      checkedAt = 0;
    },
  };
}
