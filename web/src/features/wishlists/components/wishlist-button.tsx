import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { useCurrentUser } from '@/stores/auth';
import { isSameTarget, useOwnWishlists, type WishlistTarget } from '../api/wishlists';
import { SaveToWishlistDialog } from './save-to-wishlist-dialog';
import './wishlists.css';
import { plural } from '@/lib/format';

function HeartIcon({ isFilled }: { isFilled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        fill={isFilled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface WishlistButtonProps {
  /** What to save: `{kind: 'gig' | 'project' | 'user', ref, title, image?}`. */
  item: WishlistTarget;
  /** Show the word next to the heart ("Save" / "Saved"). */
  withLabel?: boolean;
}

/**
 * The heart on gigs, projects and people: filled when saved in any of your lists; opens the
 * lists to save into (or create one). Works offline. Guests are sent to log in first.
 */
export function WishlistButton({ item, withLabel = false }: WishlistButtonProps) {
  const user = useCurrentUser();
  const location = useLocation();
  const own = useOwnWishlists();
  const [isOpen, setOpen] = useState(false);
  const savedIn = own ? own.items.filter((saved) => isSameTarget(saved, item)).length : 0;
  const isSaved = savedIn > 0;
  const label = isSaved ? `Saved to ${plural(savedIn, 'wishlist')}` : 'Save';

  if (!user) {
    return (
      <Link
        to={buildPath('login', undefined, { redirect: location.pathname + location.search })}
        className="heart-button"
        aria-label={`Log in to save ${item.title} to a wishlist`}
      >
        <HeartIcon isFilled={false} />
        {withLabel && <span>Save</span>}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className="heart-button"
        data-saved={isSaved || undefined}
        data-testid="wishlist-button"
        aria-label={
          isSaved ? `${item.title}: ${label.toLowerCase()}` : `Save ${item.title} to a wishlist`
        }
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <HeartIcon isFilled={isSaved} />
        {withLabel && <span>{isSaved ? 'Saved' : 'Save'}</span>}
      </button>
      <SaveToWishlistDialog item={item} isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
