// How the audit log reads: the API stores machine names (`user.suspend`, `service:chef`) and the
// raw before and after states; admins read sentences and the fields that changed.

const ACTIONS: Record<string, string> = {
  'user.suspend': 'Suspended a user',
  'user.reactivate': 'Reactivated a user',
  'user.update': 'Changed a user',
  'user.delete': 'Deleted a user',
  'service.create': 'Created a service',
  'service.update': 'Changed a service',
  'service.delete': 'Deleted a service',
  'contact.handle': 'Marked a message handled',
  'contact.reopen': 'Reopened a message',
  'blog.create': 'Wrote a blog post',
  'blog.update': 'Edited a blog post',
  'blog.publish': 'Published a blog post',
  'blog.unpublish': 'Unpublished a blog post',
  'blog.delete': 'Deleted a blog post',
  'blog.cover': 'Changed a blog cover',
  'dispute.resolve.complete': 'Resolved a dispute: completed',
  'dispute.resolve.refund': 'Resolved a dispute: refunded',
};

/** "user.suspend" → "Suspended a user"; an action this build does not know is shown as it is. */
export function describeAction(action: string): string {
  return ACTIONS[action] ?? action;
}

export interface AuditTarget {
  kind: 'user' | 'service' | 'blog' | 'contact' | 'order' | 'other';
  /** The id within its kind (a user id, a service id, a blog slug, an order id). */
  id: string;
  label: string;
}

/** `user:abc` → a user with id abc; the prefixes are the database's document id prefixes. */
export function parseTarget(target: string): AuditTarget {
  const colon = target.indexOf(':');
  const prefix = colon === -1 ? '' : target.slice(0, colon);
  const id = colon === -1 ? target : target.slice(colon + 1);
  switch (prefix) {
    case 'user':
      return { kind: 'user', id, label: `User ${id}` };
    case 'service':
      return { kind: 'service', id, label: `Service “${id}”` };
    case 'blog':
      return { kind: 'blog', id, label: `Post “${id}”` };
    case 'contact':
      return { kind: 'contact', id, label: 'Contact message' };
    case 'order':
      return { kind: 'order', id, label: `Order #${id.slice(0, 8)}` };
    default:
      return { kind: 'other', id: target, label: target };
  }
}

export interface Change {
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as a short text: "—" for nothing, dates as they are, long text shortened. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The fields whose value differs between `before` and `after` (a creation or a deletion lists all). */
export function changesOf(before: unknown, after: unknown): Change[] {
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field] ?? null) !== JSON.stringify(to[field] ?? null))
    .map((field) => ({
      field: field.replace(/_/g, ' '),
      before: formatValue(from[field]),
      after: formatValue(to[field]),
    }));
}
