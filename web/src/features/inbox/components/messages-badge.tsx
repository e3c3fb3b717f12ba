// The header's messages button with the live unread count. Small on purpose: it is meant for the
// header status area of every page, so it imports only the local database's hooks (never
// PouchDB itself, which that module loads on demand) and no chat code.
import { Link } from 'react-router-dom';
import { badgeText } from '@/lib/format';
import { useUnreadCount } from '../hooks/use-unread-count';
import './messages-badge.css';
import { LineIcon } from '@/components/ui/line-icon';

export function MessagesBadge({ className }: { className?: string }) {
  const count = useUnreadCount() ?? 0;
  const label = count > 0 ? `Messages, ${count} unread` : 'Messages';
  return (
    <Link
      to="/inbox"
      className={className ? `messages-badge ${className}` : 'messages-badge'}
      aria-label={label}
      title={label}
      data-testid="messages-badge"
      data-count={count}
    >
      <LineIcon d="M4 5h16v11H8l-4 4z" />
      {count > 0 && (
        <span className="messages-badge-count" aria-hidden="true">
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}
