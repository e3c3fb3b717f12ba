import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import type { AuditEntry } from '../types';
import { changesOf, describeEntry, parseTarget, type AuditTarget } from '../utils/audit';
import { formatDateTime } from '@/lib/format';

function TargetLink({ target }: { target: AuditTarget }) {
  switch (target.kind) {
    case 'user':
      return <Link to={buildPath('admin.users.show', { id: target.id })}>{target.label}</Link>;
    case 'service':
      return <Link to={buildPath('admin.services.edit', { id: target.id })}>{target.label}</Link>;
    case 'blog':
      return <Link to={buildPath('admin.blog.edit', { slug: target.id })}>{target.label}</Link>;
    case 'contact':
      return <Link to={buildPath('admin.messages')}>{target.label}</Link>;
    case 'order':
      return <Link to={buildPath('admin.orders.show', { id: target.id })}>{target.label}</Link>;
    case 'withdrawal':
      return <Link to={buildPath('admin.withdrawals')}>{target.label}</Link>;
    default:
      return <span>{target.label}</span>;
  }
}

/** Audit entries: who did what to what, when, and which fields changed from what to what. */
export function AuditList({
  entries,
  showTarget = true,
}: {
  entries: AuditEntry[];
  showTarget?: boolean;
}) {
  if (entries.length === 0) return <p className="muted">Nothing recorded yet.</p>;
  return (
    <ol className="audit-list">
      {entries.map((entry) => {
        const changes = changesOf(entry.before, entry.after);
        return (
          <li key={entry.id} className="audit-entry">
            <p className="audit-line">
              <strong>{describeEntry(entry)}</strong>
              {showTarget && (
                <>
                  {' · '}
                  <TargetLink target={parseTarget(entry.target)} />
                </>
              )}
            </p>
            <p className="audit-meta muted">
              by {entry.actor.full_name} on{' '}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            {changes.length > 0 && (
              <table className="audit-changes">
                <caption className="visually-hidden">Changes</caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr key={change.field}>
                      <th scope="row">{change.field}</th>
                      <td>{change.before}</td>
                      <td>{change.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        );
      })}
    </ol>
  );
}
