// While a conversation is on screen: its read marker follows the newest message shown (the server
// then zeroes the unread count and marks the sender's messages read), and the notifications of
// its messages are marked read here, so an open conversation does not notify.
import { useEffect, useRef, useState } from 'react';
import type {
  ConversationDoc,
  MessageDoc,
  NotificationDoc,
  ReadMarkerDoc,
} from '@wayfarer/api/schemas/userdb-docs';
import { conversationLink, readMarkerId, USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { upsertLocalDoc, useLocalDoc, useLocalDocs } from '@/lib/local-db';
import { markReadOnline } from '../api/mark-read';
import { isMine, readAtFor } from '../utils/timeline';

function usePageVisible(): boolean {
  const [isVisible, setVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  );
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return isVisible;
}

/**
 * Whether the marker must move: an incoming message is newer than it, or the server still counts
 * unread messages. The second also settles a race the server can lose: a read marker that arrives
 * while a message is half delivered (the reader's copy written, the sender's not yet) leaves
 * that message unread on both sides; a new marker reads it again.
 */
export function needsReadMarker(
  messages: readonly MessageDoc[],
  conversation: Pick<ConversationDoc, 'unread_count'> | null,
  marker: Pick<ReadMarkerDoc, 'read_at'> | null,
): boolean {
  const readAt = marker?.read_at ?? '';
  const newestIncoming = messages.reduce(
    (newest, m) => (!isMine(m) && m.sent_at && m.sent_at > newest ? m.sent_at : newest),
    '',
  );
  if (newestIncoming && newestIncoming > readAt) return true;
  return !!conversation && conversation.unread_count > 0;
}

/** The unread notifications of messages in `conversationId` (their link leads to it). */
export function unreadNotificationsOf(
  notifications: readonly NotificationDoc[],
  conversationId: string,
): NotificationDoc[] {
  const link = conversationLink(conversationId);
  return notifications.filter((n) => n.kind === 'message' && n.read_at === null && n.link === link);
}

export function useReadReceipts(
  conversationId: string | null,
  conversation: ConversationDoc | null | undefined,
  messages: readonly MessageDoc[] | null,
): void {
  const isVisible = usePageVisible();
  const marker = useLocalDoc<ReadMarkerDoc>(conversationId ? readMarkerId(conversationId) : null);
  const notifications = useLocalDocs<NotificationDoc>(USERDB_PREFIX.messageNotification);

  // One write per state of the conversation: the marker's own change must not write it again.
  const lastWritten = useRef<string | null>(null);
  useEffect(() => {
    if (!conversationId || !isVisible || !messages || marker === undefined) return;
    if (conversation === undefined) return;
    if (!needsReadMarker(messages, conversation, marker)) return;
    const state = `${conversation?._rev ?? ''}|${messages.at(-1)?._rev ?? ''}`;
    if (lastWritten.current === state) return;
    lastWritten.current = state;
    const readAt = readAtFor(messages);
    upsertLocalDoc<ReadMarkerDoc>(readMarkerId(conversationId), (existing) => ({
      _id: readMarkerId(conversationId),
      type: 'read_marker',
      conversation_id: conversationId,
      // Always later than before: each marker is a new request to the server.
      read_at:
        existing && existing.read_at >= readAt
          ? new Date(Date.parse(existing.read_at) + 1).toISOString()
          : readAt,
    })).catch((error: unknown) => console.warn('Saving the read marker failed', error));
    // Online, the server hears it at once too. (On the embedded database server, an update of
    // an existing document that arrives by replication is dropped, so only a conversation's
    // first marker would get through sync there; CouchDB takes every one.)
    if (typeof navigator === 'undefined' || navigator.onLine !== false) {
      markReadOnline(conversationId).catch(() => undefined);
    }
  }, [conversationId, conversation, isVisible, messages, marker]);

  useEffect(() => {
    if (!conversationId || !isVisible || !notifications) return;
    for (const notification of unreadNotificationsOf(notifications, conversationId)) {
      upsertLocalDoc<NotificationDoc>(notification._id, (existing) =>
        existing && existing.read_at === null
          ? { ...existing, read_at: new Date().toISOString() }
          : undefined,
      ).catch((error: unknown) => console.warn('Marking a notification read failed', error));
    }
  }, [conversationId, isVisible, notifications]);
}
