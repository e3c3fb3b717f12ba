import { MessagesBadge } from '@/features/inbox/components/messages-badge';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import ReviewOutbox from '@/features/reviews/components/review-outbox';
import { SyncIndicator } from '@/features/sync/components/sync-indicator';
import { FavouritesBadge } from '@/features/wishlists/components/favourites-badge';
import { useLocalDb } from '@/lib/local-db';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '@/config/paths';

/**
 * The sync state, the favourites and messages buttons and the notifications bell (see
 * header-status.tsx), each count live from the member's local database, which rendering this
 * opens after the first paint. For the two sides of an order it also runs the outbox of reviews
 * written offline (issue 17), which sends them when the device is online.
 */
export default function HeaderStatusItems({ inboxInMenu }: { inboxInMenu: boolean }) {
  const user = useCurrentUser();
  useLocalDb();
  if (!user) return null;
  // Customers and Agents: the ones who save gigs (the favourites count those) and the two sides
  // of an order.
  const isMarketMember = user.role === 'Customer' || user.role === 'Agent';
  // Members write to each other; an admin's header has the admin area's Messages (the contact
  // form's) instead, and a menu with Inbox needs no second way there.
  const hasMessagesButton = user.role !== 'Admin' && !inboxInMenu;
  return (
    <div className="header-status-items">
      <SyncIndicator />
      {isMarketMember && <FavouritesBadge />}
      {hasMessagesButton && <MessagesBadge />}
      <NotificationBell seeAllHref={buildPath('notifications')} />
      {isMarketMember && <ReviewOutbox key={user.id} />}
    </div>
  );
}
