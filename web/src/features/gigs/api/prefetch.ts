// Gigs saved to a wishlist open offline: their page data and pictures are fetched once per
// session, so the service worker's gig cache (vite.config.ts, "wayfarer-gigs") holds them.
import { ApiError } from '@/lib/api-client';
import { getGig } from './gigs';

const done = new Set<string>();
/** Whose gigs `done` lists: logout empties the cache, so the next member starts afresh. */
let doneFor: string | null = null;
let queue: Promise<void> = Promise.resolve();

/** Fetches each of `owner`'s saved gigs and its pictures once, one at a time, in the background. */
export function prefetchGigs(ids: readonly string[], owner: string): void {
  if (owner !== doneFor) {
    done.clear();
    doneFor = owner;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  for (const id of ids) {
    if (done.has(id)) continue;
    done.add(id);
    queue = queue.then(async () => {
      try {
        const gig = await getGig(id);
        await Promise.all(
          gig.images.map((src) => fetch(src, { credentials: 'same-origin' }).catch(() => null)),
        );
      } catch (error) {
        // A gig removed or paused since it was saved is fine to skip; try others again later.
        if (!(error instanceof ApiError && error.status === 404)) done.delete(id);
      }
    });
  }
}
