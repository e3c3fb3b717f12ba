import type { Couch } from '../../couch/connect';
import { seqCache } from '../../couch/seq-cache';
import type { ServiceSummary } from '../../schemas';

/** Active services in the footer's order, from the `services/active` view. */
async function loadActiveServices(couch: Couch): Promise<ServiceSummary[]> {
  const result = await couch.db('catalog').view<{ name: string }>('services', 'active');
  return result.rows.map((row) => ({ id: row.id.replace(/^service:/, ''), name: row.value.name }));
}

const caches = new WeakMap<Couch, ReturnType<typeof seqCache<ServiceSummary[]>>>();

/**
 * The list every page header asks for, so it is served from memory and recomputed only when the
 * catalog database changed (checked at most once a second).
 */
export function listActiveServices(couch: Couch): Promise<ServiceSummary[]> {
  let cache = caches.get(couch);
  if (!cache) {
    cache = seqCache(
      () => couch.db('catalog'),
      () => loadActiveServices(couch),
    );
    caches.set(couch, cache);
  }
  return cache.get();
}

/** After this process wrote a service: its next read of the list loads it again. */
export function invalidateActiveServices(couch: Couch): void {
  caches.get(couch)?.invalidate();
}
