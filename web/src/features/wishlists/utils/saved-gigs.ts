import type { WishlistItemDoc } from '@wayfarer/api/schemas/userdb-docs';

/**
 * The header's favourites badge (issue 20): how many gigs the member saved, each once however
 * many of their lists hold it. Items of a list deleted on another device count too: the heart
 * still shows them saved and the wishlists page keeps them until they are moved or removed.
 */
export function savedGigCount(
  items: readonly Pick<WishlistItemDoc, 'type' | 'kind' | 'ref'>[],
): number {
  const gigs = new Set<string>();
  for (const item of items) {
    if (item.type === 'wishlist_item' && item.kind === 'gig') gigs.add(item.ref);
  }
  return gigs.size;
}
