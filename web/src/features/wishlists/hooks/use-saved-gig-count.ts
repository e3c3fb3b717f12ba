import { useMemo } from 'react';
import type { WishlistItemDoc } from '@wayfarer/api/schemas/userdb-docs';
import { USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { useLocalDocs } from '@/lib/local-db';
import { savedGigCount } from '../utils/saved-gigs';

/**
 * The gigs saved in the member's wishlists, live from their own database (a heart used on this
 * device or another, offline too); null while the database opens.
 */
export function useSavedGigCount(): number | null {
  const items = useLocalDocs<WishlistItemDoc>(USERDB_PREFIX.wishlistItem);
  return useMemo(() => (items ? savedGigCount(items) : null), [items]);
}
