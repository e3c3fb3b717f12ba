// How the audit log reads: the API stores machine names (`user.suspend`, `service:chef`) and the
// raw before and after states; admins read sentences and the fields that changed.
import type { AuditAction } from '@wayfarer/api/schemas/audit';
import { formatMoney } from '@/lib/money';
import type { AuditEntry } from '../types';

/** What an entry's sentence is read from: its action and the states recorded with it. */
type Entry = Pick<AuditEntry, 'action' | 'before' | 'after'>;

/** A field of the entry's states, `after` first (what the action left), as text or null. */
function text(entry: Entry, field: string): string | null {
  for (const state of [entry.after, entry.before]) {
    const value = isRecord(state) ? state[field] : undefined;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

function money(entry: Entry, field: string): string | null {
  for (const state of [entry.after, entry.before]) {
    const value = isRecord(state) ? state[field] : undefined;
    if (isRecord(value) && typeof value.amount === 'number' && typeof value.currency === 'string')
      return formatMoney({ amount: value.amount, currency: value.currency });
  }
  return null;
}

/** The amount refunded by a dispute's resolution: what `refunded` (minor units) grew by. */
function refund(entry: Entry): string | null {
  const of = (state: unknown) =>
    isRecord(state) && typeof state.refunded === 'number' ? state.refunded : 0;
  const amount = of(entry.after) - of(entry.before);
  return amount > 0 ? formatMoney({ amount, currency: text(entry, 'currency') ?? 'USD' }) : null;
}

const quoted = (value: string | null) => (value ? `“${value}”` : null);
/** "Kenji Morimoto's", or the fallback when older entries did not record a name. */
const owner = (name: string | null, fallback: string) => (name ? `${name}’s` : fallback);

/**
 * Each audited action as a sentence with what the entry recorded about it (a name, an amount, a
 * reference, a reason), with a plain fallback for details older entries lack. One place: the
 * type makes every action of `AUDIT_ACTIONS` need one, and audit.test.ts checks each.
 */
const SENTENCES: Record<AuditAction, (entry: Entry) => string> = {
  'user.suspend': (e) => `Suspended ${text(e, 'full_name') ?? 'a user'}`,
  'user.reactivate': (e) => `Reactivated ${text(e, 'full_name') ?? 'a user'}`,
  'user.update': (e) => `Changed ${owner(text(e, 'full_name'), 'a user’s')} account`,
  'user.delete': (e) => {
    const name = text(e, 'full_name');
    const email = text(e, 'email');
    return `Deleted ${name ?? 'a user'}${email ? ` (${email})` : ''}`;
  },
  'service.create': (e) => `Created the service ${quoted(text(e, 'name')) ?? ''}`.trim(),
  'service.update': (e) => `Changed the service ${quoted(text(e, 'name')) ?? ''}`.trim(),
  'service.delete': (e) => `Deleted the service ${quoted(text(e, 'name')) ?? ''}`.trim(),
  'contact.handle': () => 'Marked a contact message handled',
  'contact.reopen': () => 'Reopened a contact message',
  'blog.create': (e) => `Wrote the blog post ${quoted(text(e, 'title')) ?? ''}`.trim(),
  'blog.update': (e) => `Edited the blog post ${quoted(text(e, 'title')) ?? ''}`.trim(),
  'blog.publish': (e) => `Published the blog post ${quoted(text(e, 'title')) ?? ''}`.trim(),
  'blog.unpublish': (e) => `Unpublished the blog post ${quoted(text(e, 'title')) ?? ''}`.trim(),
  'blog.delete': (e) => `Deleted the blog post ${quoted(text(e, 'title')) ?? ''}`.trim(),
  'blog.cover': () => 'Changed a blog post’s cover picture',
  'dispute.resolve.complete': (e) => {
    const note = text(e, 'note');
    return `Resolved a dispute: completed, the payment released to the agent${note ? `. Note: ${note}` : ''}`;
  },
  'dispute.resolve.refund': (e) => {
    const amount = refund(e);
    const note = text(e, 'note');
    return `Resolved a dispute: refunded ${amount ?? 'the customer'}${amount ? ' to the customer' : ''}${note ? `. Note: ${note}` : ''}`;
  },
  'withdrawal.approve': (e) => {
    const amount = money(e, 'amount');
    const reference = text(e, 'reference');
    return `Paid ${owner(text(e, 'agent'), 'an agent’s')} withdrawal${amount ? ` of ${amount}` : ''}${reference ? ` (reference ${reference})` : ''}`;
  },
  'withdrawal.reject': (e) => {
    const amount = money(e, 'amount');
    const reason = text(e, 'reason');
    return `Rejected ${owner(text(e, 'agent'), 'an agent’s')} withdrawal${amount ? ` of ${amount}` : ''}${reason ? `: ${reason}` : ''}`;
  },
  'review.hide': (e) => {
    const gig = quoted(text(e, 'gig'));
    const note = text(e, 'note');
    return `Hid ${owner(text(e, 'author'), 'a member’s')} review${gig ? ` of ${gig}` : ''}${note ? `. Note: ${note}` : ''}`;
  },
  'review.unhide': (e) => {
    const gig = quoted(text(e, 'gig'));
    return `Showed ${owner(text(e, 'author'), 'a member’s')} review${gig ? ` of ${gig}` : ''} again`;
  },
};

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(SENTENCES, action);

/**
 * "Paid Kenji Morimoto's withdrawal of $75 (reference TRX-2026-0042)". An action this build
 * does not know (an entry written by a newer API) is shown as it is.
 */
export function describeEntry(entry: Entry): string {
  return isAuditAction(entry.action) ? SENTENCES[entry.action](entry) : entry.action;
}

export interface AuditTarget {
  kind: 'user' | 'service' | 'blog' | 'contact' | 'order' | 'withdrawal' | 'other';
  /** The id within its kind (a user id, a service id, a blog slug, an order or withdrawal id). */
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
    case 'withdrawal':
      return { kind: 'withdrawal', id, label: `Withdrawal #${id.slice(0, 8)}` };
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
