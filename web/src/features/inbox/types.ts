// The inbox's documents (messages, conversations, read markers) are the user database's, declared
// with the API: `@wayfarer/api/schemas/userdb-docs` (types) and `.../userdb-rules` (ids, limits).
import type { Conversation, MessageStatus, Person } from '@wayfarer/api/schemas';

/** What the inbox list shows: a conversation, or messages to someone not yet delivered. */
export interface InboxEntry {
  /** The conversation id, or null while nothing to this person was delivered yet. */
  conversationId: string | null;
  other: Person;
  subject: Conversation['subject'];
  lastMessage: { body: string; fromMe: boolean; at: string; status?: MessageStatus } | null;
  unread: number;
  updatedAt: string;
}
