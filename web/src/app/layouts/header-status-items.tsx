import { NotificationBell } from '@/features/notifications/components/notification-bell';
import ReviewOutbox from '@/features/reviews/components/review-outbox';
import { SyncIndicator } from '@/features/sync/components/sync-indicator';
import { useLocalDb } from '@/lib/local-db';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '@/config/paths';

/**
 * The sync state and the notifications bell (see header-status.tsx). Rendering it opens the
 * member's local database after the first paint. For the two sides of an order it also runs the
 * outbox of reviews written offline (issue 17), which sends them when the device is online.
 */
export default function HeaderStatusItems() {
  const user = useCurrentUser();
  useLocalDb();
  if (!user) return null;
  return (
    <div className="header-status-items">
      <SyncIndicator />
      <NotificationBell seeAllHref={buildPath('notifications')} />
      {(user.role === 'Customer' || user.role === 'Agent') && <ReviewOutbox key={user.id} />}
    </div>
  );
}
