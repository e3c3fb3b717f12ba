// Ids of the inbox, computed the way the server computes them.
import { ID_PREFIX } from '../types';

/** One conversation per pair of people: `conv:<idA>:<idB>`, the ids sorted. */
export function conversationIdFor(a: string, b: string): string {
  return `conv:${[a, b].sort().join(':')}`;
}

/** The other person's user id in `conversationId`, or null when `me` is not in it. */
export function otherParticipantId(conversationId: string, me: string): string | null {
  if (!conversationId.startsWith('conv:')) return null;
  const ids = conversationId.slice('conv:'.length).split(':');
  if (ids.length !== 2 || !ids.includes(me)) return null;
  return ids.find((id) => id !== me) ?? me;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A new message id: 20 random characters of `[A-Za-z0-9_-]` (120 bits), so two devices never
 * pick the same one. The server stores a message id once: a resend of the same document is
 * harmless.
 */
export function newMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (byte) => ALPHABET[byte & 63]).join('');
}

export const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const messageDocId = (id: string) => `${ID_PREFIX.message}${id}`;
export const conversationDocId = (conversationId: string) =>
  `${ID_PREFIX.conversation}${conversationId}`;
export const readMarkerId = (conversationId: string) => `${ID_PREFIX.readMarker}${conversationId}`;
export const messageNotificationId = (messageId: string) =>
  `${ID_PREFIX.messageNotification}${messageId}`;

/** The draft key of the composer: the conversation, or `@tagname` before one exists. */
export const draftKeyFor = (conversationId: string | null, tagname: string | null) =>
  conversationId ?? `@${tagname ?? ''}`;

/** The link a message notification carries (the server writes it this way). */
export const conversationLink = (conversationId: string) =>
  `/inbox/${encodeURIComponent(conversationId)}`;
