// A header link with a live count on it (the messages and favourites buttons): the count is in
// its accessible name, shown as a badge only when there is one, capped at 99+ as the bell's.
import { Link } from 'react-router-dom';
import { badgeText } from '@/lib/format';
import { LineIcon } from './line-icon';
import './badge-link.css';

export interface BadgeLinkProps {
  to: string;
  /** The icon's path (LineIcon). */
  icon: string;
  /** The name without a count: "Messages". */
  label: string;
  /** What follows the count in the name: "unread" gives "Messages, 2 unread". */
  countLabel: (count: number) => string;
  /** Null while it is not known yet (shown as none). */
  count: number | null;
  testId: string;
  className?: string;
}

export function BadgeLink({
  to,
  icon,
  label,
  countLabel,
  count,
  testId,
  className,
}: BadgeLinkProps) {
  const shown = count ?? 0;
  const name = shown > 0 ? `${label}, ${badgeText(shown)} ${countLabel(shown)}` : label;
  return (
    <Link
      to={to}
      className={className ? `badge-link ${className}` : 'badge-link'}
      aria-label={name}
      title={name}
      data-testid={testId}
      data-count={shown}
    >
      <LineIcon d={icon} />
      {shown > 0 && (
        <span className="badge-link-count" aria-hidden="true">
          {badgeText(shown)}
        </span>
      )}
    </Link>
  );
}
