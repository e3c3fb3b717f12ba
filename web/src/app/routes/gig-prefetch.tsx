// Gigs saved to the member's wishlists are fetched in the background once their list is known,
// so they open offline (the service worker keeps them). Mounted where wishlist data loads: the
// wishlists page and the pages with hearts.
import { usePrefetchGigs } from '@/features/gigs/hooks/use-prefetch-gigs';
import { useOwnWishlists } from '@/features/wishlists/api/wishlists';
import { useCurrentUser } from '@/stores/auth';

function Prefetch({ owner }: { owner: string }) {
  const own = useOwnWishlists();
  usePrefetchGigs(
    own ? own.items.filter((item) => item.kind === 'gig').map((item) => item.ref) : null,
    owner,
  );
  return null;
}

export function PrefetchWishlistedGigs() {
  const user = useCurrentUser();
  return user ? <Prefetch owner={user.id} /> : null;
}
