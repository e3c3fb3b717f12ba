// Pure rules of the inbox and the chat: message order, day separators, unread counts, search.
import type { ConversationDoc, MessageDoc, ReadMarkerDoc } from '@wayfarer/api/schemas/userdb-docs';
import type { InboxEntry } from '../types';

/** Messages that came from the other person carry `from_me: false`; all others are mine. */
export const isMine = (message: Pick<MessageDoc, 'from_me'>) => message.from_me !== false;

/** When a message happened: the server's send time, or (not sent yet) its creation time. */
export const messageTime = (message: Pick<MessageDoc, 'sent_at' | 'created_at'>) =>
  message.sent_at ?? message.created_at;

/**
 * The server's order within a conversation: by the time it delivered each message; messages it
 * has not delivered yet come last, in the order they were written.
 */
export function compareMessages(
  a: Pick<MessageDoc, 'sent_at' | 'created_at' | 'id'>,
  b: Pick<MessageDoc, 'sent_at' | 'created_at' | 'id'>,
): number {
  const aSent = a.sent_at ? 0 : 1;
  const bSent = b.sent_at ? 0 : 1;
  if (aSent !== bSent) return aSent - bSent;
  return (
    messageTime(a).localeCompare(messageTime(b)) ||
    a.created_at.localeCompare(b.created_at) ||
    a.id.localeCompare(b.id)
  );
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of an ISO date, `YYYY-MM-DD`. */
function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "Today", "Yesterday", "Monday, 3 March", or with the year when it is not this year. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return 'Yesterday';
  const date = new Date(iso);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

/** "14:05" */
export function timeLabel(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** The inbox's time: the hour today, "Yesterday", the weekday this week, else the date. */
export function shortWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const label = dayLabel(iso, now);
  if (label === 'Today') return timeLabel(iso);
  if (label === 'Yesterday') return label;
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days >= 0 && days < 7)
    return new Intl.DateTimeFormat('en-GB', { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

type TimelineItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: MessageDoc };

/** Sorted messages with a day separator before the first message of each day. */
export function buildTimeline(sorted: readonly MessageDoc[], now: Date = new Date()) {
  const items: TimelineItem[] = [];
  let day = '';
  for (const message of sorted) {
    const when = messageTime(message);
    const key = dayKey(when);
    if (key !== day) {
      day = key;
      items.push({ kind: 'day', key: `day:${key}`, label: dayLabel(when, now) });
    }
    items.push({ kind: 'message', key: message._id, message });
  }
  return items;
}

/**
 * The read marker's time: now, but never before the newest message on screen, so a device whose
 * clock runs behind the server's still marks every message it showed as read.
 */
export function readAtFor(messages: readonly MessageDoc[], now: Date = new Date()): string {
  let readAt = now.toISOString();
  for (const message of messages) {
    if (message.sent_at && message.sent_at > readAt) readAt = message.sent_at;
  }
  return readAt;
}

/**
 * Unread messages of a conversation as this device knows them: the server's count, or zero once
 * this device's read marker covers the last message (before the server's answer syncs back).
 */
export function effectiveUnread(
  conversation: Pick<ConversationDoc, 'unread_count' | 'last_message'>,
  marker: Pick<ReadMarkerDoc, 'read_at'> | null | undefined,
): number {
  const last = conversation.last_message;
  if (marker && last && marker.read_at >= last.at) return 0;
  return Math.max(0, conversation.unread_count || 0);
}

/**
 * The header badge (issue 20): how many conversations have messages this device has not read,
 * whatever the number of messages in each.
 */
export function unreadConversations(
  conversations: readonly ConversationDoc[],
  markers: readonly ReadMarkerDoc[],
): number {
  const byConversation = new Map(markers.map((m) => [m.conversation_id, m]));
  return conversations.filter((c) => effectiveUnread(c, byConversation.get(c.conversation_id)) > 0)
    .length;
}

/** Messages not delivered yet, per recipient tagname (no conversation id yet). */
export type UndeliveredByTagname = ReadonlyMap<string, readonly MessageDoc[]>;

/**
 * The inbox: every conversation, plus people written to whose messages are not delivered yet
 * (offline, or refused), newest first.
 */
export function inboxEntries(
  conversations: readonly ConversationDoc[],
  markers: readonly ReadMarkerDoc[],
  undelivered: UndeliveredByTagname,
): InboxEntry[] {
  const byConversation = new Map(markers.map((m) => [m.conversation_id, m]));
  const entries: InboxEntry[] = [];
  const known = new Set<string>();
  for (const c of conversations) {
    if (c.other.tagname) known.add(c.other.tagname);
    const waiting = c.other.tagname ? undelivered.get(c.other.tagname) : undefined;
    const latestWaiting = waiting?.at(-1);
    const last = c.last_message;
    entries.push({
      conversationId: c.conversation_id,
      other: c.other,
      subject: c.subject,
      lastMessage:
        latestWaiting && (!last || latestWaiting.created_at > last.at)
          ? {
              body: latestWaiting.body || attachmentLabel(latestWaiting),
              fromMe: true,
              at: latestWaiting.created_at,
              status: latestWaiting.status,
            }
          : last
            ? { body: last.body, fromMe: last.from_me, at: last.at }
            : null,
      unread: effectiveUnread(c, byConversation.get(c.conversation_id)),
      updatedAt:
        latestWaiting && latestWaiting.created_at > c.updated_at
          ? latestWaiting.created_at
          : c.updated_at,
    });
  }
  for (const [tagname, messages] of undelivered) {
    const latest = messages.at(-1);
    if (known.has(tagname) || !latest) continue;
    entries.push({
      conversationId: null,
      other: { id: '', tagname, full_name: `@${tagname}`, avatar: null },
      subject: null,
      lastMessage: {
        body: latest.body || attachmentLabel(latest),
        fromMe: true,
        at: latest.created_at,
        status: latest.status,
      },
      unread: 0,
      updatedAt: latest.created_at,
    });
  }
  return entries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

function attachmentLabel(message: MessageDoc): string {
  const name = Object.keys(message._attachments ?? {})[0];
  return name ? `Attachment: ${name}` : '';
}

/**
 * Search by name, tagname, subject or text: `hasText` answers whether a conversation has a
 * message containing the words (the local message index).
 */
export function filterEntries(
  entries: readonly InboxEntry[],
  query: string,
  hasText: (entry: InboxEntry, needle: string) => boolean = () => false,
): InboxEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...entries];
  return entries.filter(
    (entry) =>
      entry.other.full_name.toLowerCase().includes(needle) ||
      (entry.other.tagname ?? '').toLowerCase().includes(needle) ||
      (entry.subject?.title ?? '').toLowerCase().includes(needle) ||
      (entry.lastMessage?.body ?? '').toLowerCase().includes(needle) ||
      hasText(entry, needle),
  );
}
