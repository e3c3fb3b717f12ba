// The header's favourites button (issue 20): to the member's wishlists, with the number of gigs
// saved in them, live from the local database and offline. Part of the header's status items:
// it imports no wishlist screen.
import { BadgeLink } from '@/components/ui/badge-link';
import { buildPath } from '@/config/paths';
import { useSavedGigCount } from '../hooks/use-saved-gig-count';

const savedGigs = (count: number) => (count === 1 ? 'saved gig' : 'saved gigs');

export function FavouritesBadge() {
  return (
    <BadgeLink
      to={buildPath('profile.wishlists')}
      icon="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
      label="Favourites"
      countLabel={savedGigs}
      count={useSavedGigCount()}
      testId="favourites-badge"
      className="favourites-badge"
    />
  );
}
