import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Dropdown } from '@/components/ui/dropdown';
import { useCurrentUser } from '@/stores/auth';
import {
  isUnread,
  markAllRead,
  markRead,
  useBellNotifications,
  type BellNotifications,
} from '../api/notifications';
import { timeAgo } from '../utils/time-ago';
import './notifications.css';
import { badgeText, plural } from '@/lib/format';
import { LineIcon } from '@/components/ui/line-icon';

/** Spec section 4 and 9: the icon turns red about 400 ms after the header loads. */
export const BELL_ALERT_DELAY_MS = 400;
/** How many notifications the dropdown shows. */
const BELL_LATEST = 5;

/**
 * The live unread count: from the local database once it holds notifications (so it follows
 * marks made offline and notifications synced in), from GET /api/user until then (the database
 * is still opening, or a new device has not pulled them yet). Notifications are never deleted, so
 * an empty local list means "not here yet".
 */
function useUnreadCount(bell: BellNotifications | null): number {
  const user = useCurrentUser();
  if (bell?.latest.length) return bell.unread;
  return user?.new_notifications_count ?? 0;
}

export interface NotificationBellProps {
  /** The page of all notifications ("See All"). */
  seeAllHref: string;
}

/** The header bell: live unread count, the latest five, mark all read and "See All". */
export function NotificationBell({ seeAllHref }: NotificationBellProps) {
  const bell = useBellNotifications(BELL_LATEST);
  const notifications = bell?.latest ?? null;
  const unread = useUnreadCount(bell);
  const [isArmed, setArmed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), BELL_ALERT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const isAlert = isArmed && unread > 0;
  const latest = notifications ?? [];

  return (
    <div
      className="notification-bell"
      data-alert={isAlert || undefined}
      data-testid="notification-bell"
    >
      <Dropdown
        buttonClassName="icon-button bell-button"
        ariaLabel={unread > 0 ? `Notifications, ${badgeText(unread)} unread` : 'Notifications'}
        label={
          <>
            <LineIcon d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
            {unread > 0 && (
              <span className="bell-count" data-testid="notification-count" aria-hidden="true">
                {badgeText(unread)}
              </span>
            )}
          </>
        }
      >
        {(close) => (
          <div className="bell-panel">
            <div className="bell-heading">
              <strong>Notifications</strong>
              {unread > 0 && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void markAllRead().catch(() => undefined)}
                >
                  Mark all read
                </button>
              )}
            </div>
            {notifications === null ? (
              <p className="bell-empty muted">
                {unread > 0
                  ? `You have ${plural(unread, 'unread notification')}.`
                  : 'Loading your notifications…'}
              </p>
            ) : latest.length === 0 ? (
              <p className="bell-empty muted">You have no notifications yet.</p>
            ) : (
              <ul className="bell-list">
                {latest.map((item) => (
                  <li key={item._id} data-unread={isUnread(item) || undefined}>
                    <Link
                      to={item.link || seeAllHref}
                      onClick={() => {
                        void markRead(item._id).catch(() => undefined);
                        close();
                      }}
                    >
                      <span className="bell-item-title">
                        {isUnread(item) && <span className="visually-hidden">Unread: </span>}
                        {item.title}
                      </span>
                      <span className="bell-item-time muted">{timeAgo(item.created_at)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <Link to={seeAllHref} className="button button-secondary button-block" onClick={close}>
              See All
            </Link>
          </div>
        )}
      </Dropdown>
    </div>
  );
}
