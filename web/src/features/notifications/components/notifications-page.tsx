import { Link, useSearchParams } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import {
  isUnread,
  markAllRead,
  markRead,
  markUnread,
  useNotifications,
} from '../api/notifications';
import { pageOf, timeAgo } from '../utils/time-ago';
import './notifications.css';
import { plural } from '@/lib/format';
import { plainPreview } from '@/lib/plain-text';

/**
 * A body is shown as plain text (a message's notification carries its Markdown), whole up to
 * this length: the server already shortens a message to 140 characters.
 */
const BODY_PREVIEW_MAX = 300;

const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

/** /notifications: every notification, newest first, ten a page; mark one or all read. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const [params] = useSearchParams();
  const requested = Number(params.get('page') ?? '1');

  if (notifications === null) {
    return (
      <section className="notifications-page" aria-busy="true">
        <h1>Notifications</h1>
        <p className="muted">Loading your notifications…</p>
      </section>
    );
  }

  const unread = notifications.filter(isUnread).length;
  const { items, page, lastPage } = pageOf(notifications, requested);
  return (
    <section className="notifications-page" aria-labelledby="notifications-title">
      <div className="page-heading">
        <div>
          <h1 id="notifications-title">Notifications</h1>
          <p className="muted" data-testid="notifications-unread">
            {unread === 0 ? 'You are all caught up.' : `${plural(unread, 'unread notification')}.`}
          </p>
        </div>
        {unread > 0 && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => quietly(markAllRead())}
          >
            Mark all read
          </button>
        )}
      </div>
      {notifications.length === 0 ? (
        <div className="empty-state">
          <h2>No notifications yet</h2>
          <p>News about your account, orders and messages will show here.</p>
        </div>
      ) : (
        <ul className="notification-list">
          {items.map((item) => (
            <li
              key={item._id}
              className="notification-item card"
              data-unread={isUnread(item) || undefined}
            >
              <div className="notification-text">
                <h2>
                  {isUnread(item) && <span className="unread-dot" aria-hidden="true" />}
                  {item.link ? (
                    <Link to={item.link} onClick={() => quietly(markRead(item._id))}>
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                  {isUnread(item) && <span className="visually-hidden"> (unread)</span>}
                </h2>
                {item.body && <p>{plainPreview(item.body, BODY_PREVIEW_MAX)}</p>}
                <p className="muted notification-time">
                  <time dateTime={item.created_at}>{timeAgo(item.created_at)}</time>
                </p>
              </div>
              <button
                type="button"
                className="button button-ghost"
                onClick={() => quietly(isUnread(item) ? markRead(item._id) : markUnread(item._id))}
                aria-label={`${isUnread(item) ? 'Mark read' : 'Mark unread'}: ${item.title}`}
              >
                {isUnread(item) ? 'Mark read' : 'Mark unread'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        lastPage={lastPage}
        hrefFor={(n) => `?page=${n}`}
        label="Notification pages"
      />
    </section>
  );
}
