import type { Wishlist } from '@wayfarer/api/schemas';
import { useResource } from '@/lib/use-resource';
import { getPublicWishlists } from '../api/get-public-wishlists';

export type PublicWishlistsState =
  | { status: 'loading' }
  | { status: 'ready'; wishlists: Wishlist[] }
  | { status: 'failed'; message: string };

/** A member's public wishlists from the server (always current, so not from a local copy). */
export function usePublicWishlists(tagname: string): PublicWishlistsState {
  const { resource } = useResource(tagname, (signal) => getPublicWishlists(tagname, { signal }));
  if (resource.status === 'ready') return { status: 'ready', wishlists: resource.data };
  if (resource.status === 'loading') return { status: 'loading' };
  return {
    status: 'failed',
    message: resource.error.isNetworkError
      ? 'You are offline: public wishlists show when you reconnect.'
      : 'The wishlists could not be loaded. Please try again.',
  };
}
