// Ids of the inbox that only this device makes or reads; the documents' ids (the server's too)
// come from the shared rules (`@wayfarer/api/schemas/userdb-rules`).

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

/** The draft key of the composer: the conversation, or `@tagname` before one exists. */
export const draftKeyFor = (conversationId: string | null, tagname: string | null) =>
  conversationId ?? `@${tagname ?? ''}`;
