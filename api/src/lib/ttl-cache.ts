/**
 * A bounded in-memory map whose entries expire `ttlMs` after they were set (`Infinity`: never;
 * then it is a plain bounded map). Past `maxEntries` the oldest entry goes. For values that may
 * be a little stale: each API instance keeps its own.
 */
export function ttlCache<K, V>({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<K, { at: number; value: V }>();
  return {
    /** The entry, or undefined when missing or expired. */
    get(key: K): { value: V } | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() - entry.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return { value: entry.value };
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, { at: Date.now(), value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    delete(key: K): void {
      entries.delete(key);
    },
  };
}
