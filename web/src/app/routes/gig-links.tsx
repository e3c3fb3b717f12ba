// How the app links a gig card: its page and the wishlist heart. Apart from gig-sections (the
// home page's rows) so a page that only lists gigs, such as a profile, does not load the rows.
import type { GigSummary } from '@wayfarer/api/schemas';
import { WishlistButton } from '@/features/wishlists/components/wishlist-button';
import { buildPath } from '@/config/paths';

export const gigHref = (id: string) => buildPath('gigs.show', { id });

export function heartFor(gig: Pick<GigSummary, 'id' | 'title' | 'image'>) {
  return <WishlistButton item={{ kind: 'gig', ref: gig.id, title: gig.title, image: gig.image }} />;
}
