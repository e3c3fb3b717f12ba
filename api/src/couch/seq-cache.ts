/**
 * A value derived from a whole database (such as the list of active services), recomputed only
 * when the database changed. At most once per `checkEveryMs` it asks the database for its
 * `update_seq` (a cheap call); if that moved, the value is loaded again. Several API instances
 * each keep their own copy and are at most `checkEveryMs` behind a write made by another; the
 * instance that wrote calls `invalidate()`, so its own next read sees the write.
 */
export function seqCache<T>(
  db: () => { info(): Promise<{ update_seq: unknown }> },
  load: () => Promise<T>,
  { checkEveryMs = 1000 } = {},
) {
  let cached: { seq: string; value: T } | undefined;
  let checkedAt = 0;
  let inFlight: Promise<T> | undefined;
  // Bumped by invalidate(): a load that started before it may have read the old data, so its
  // result is neither kept nor handed to readers that came after the invalidation.
  let generation = 0;

  const refresh = async (started: number): Promise<T> => {
    const info = await db().info();
    const seq = String(info.update_seq);
    if (cached && cached.seq === seq) {
      if (started === generation) checkedAt = Date.now();
      return cached.value;
    }
    const value = await load();
    if (started === generation) {
      cached = { seq, value };
      checkedAt = Date.now();
    }
    return value;
  };

  return {
    get(): Promise<T> {
      if (cached && Date.now() - checkedAt < checkEveryMs) return Promise.resolve(cached.value);
      if (!inFlight) {
        const started = generation;
        const run: Promise<T> = refresh(started).finally(() => {
          if (inFlight === run) inFlight = undefined;
        });
        inFlight = run;
      }
      return inFlight;
    },
    /** Forget the value (after a write in this process, so its own readers see it at once). */
    invalidate() {
      generation += 1;
      cached = undefined;
      checkedAt = 0;
      inFlight = undefined;
    },
  };
}
