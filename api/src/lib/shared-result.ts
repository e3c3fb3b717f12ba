/**
 * The result of a check that costs a round trip (the database's readiness), shared by everyone
 * who asks: `get()` starts `load` only when no load is under way and the last one settled
 * `maxAgeMs` or longer ago (by `now`, the app's clock); otherwise it hands out that load's
 * promise. So however many callers there are, `load` runs at most once per `maxAgeMs`, and
 * callers that arrive while it runs wait for the same answer (single flight). A rejection is
 * shared and kept like a value. A clock that moves back counts the result as stale.
 */
export function sharedResult<T>(
  load: () => Promise<T>,
  { maxAgeMs, now }: { maxAgeMs: number; now: () => number },
) {
  let last: { promise: Promise<T>; settledAt?: number } | undefined;
  const fresh = (settledAt: number) => {
    const age = now() - settledAt;
    return age >= 0 && age < maxAgeMs;
  };
  return {
    get(): Promise<T> {
      if (last && (last.settledAt === undefined || fresh(last.settledAt))) return last.promise;
      const entry: { promise: Promise<T>; settledAt?: number } = {
        promise: Promise.resolve().then(load),
      };
      const settled = () => {
        entry.settledAt = now();
      };
      entry.promise.then(settled, settled);
      last = entry;
      return entry.promise;
    },
  };
}
