import type { Wishlist } from '@wayfarer/api/schemas';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getPublicWishlists } from '../api/get-public-wishlists';

export type PublicWishlistsState =
  | { status: 'loading' }
  | { status: 'ready'; wishlists: Wishlist[] }
  | { status: 'failed'; message: string };

/** A member's public wishlists from the server (always current, so not from a local copy). */
export function usePublicWishlists(tagname: string): PublicWishlistsState {
  const [state, setState] = useState<{ tagname: string; value: PublicWishlistsState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getPublicWishlists(tagname, { signal: controller.signal }).then(
      (wishlists) => setState({ tagname, value: { status: 'ready', wishlists } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          tagname,
          value: {
            status: 'failed',
            message:
              error instanceof ApiError && error.isNetworkError
                ? 'You are offline: public wishlists show when you reconnect.'
                : 'The wishlists could not be loaded. Please try again.',
          },
        });
      },
    );
    return () => controller.abort();
  }, [tagname]);
  return state?.tagname === tagname ? state.value : { status: 'loading' };
}
