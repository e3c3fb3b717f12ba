import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SyncIndicator } from '@/features/sync/components/sync-indicator';
import { useLocalDb } from '@/lib/local-db';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '@/config/paths';

/**
 * The sync state and the notifications bell (see header-status.tsx). Rendering it opens the
 * member's local database after the first paint.
 */
export default function HeaderStatusItems() {
  const user = useCurrentUser();
  useLocalDb();
  if (!user) return null;
  return (
    <div className="header-status-items">
      <SyncIndicator />
      <NotificationBell seeAllHref={buildPath('notifications')} />
    </div>
  );
}
