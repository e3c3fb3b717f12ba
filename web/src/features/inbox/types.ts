// The inbox documents of the user's own database, as the server writes them
// (api/src/routes/inbox/inbox.model.ts) and as design-docs/userdb/app/validate_doc_update.js
// lets the user write them. Shapes shared with the API come from its schemas (types only: no
// validation code reaches the bundle).
import type { Conversation, MessageStatus, Person } from '@wayfarer/api/schemas';
import type { StoredDoc } from '@/lib/local-db-docs';

export type { Conversation, Person };

/** Mirrors `MESSAGE_MAX` of the API's schemas (a unit test keeps them equal). */
export const MESSAGE_MAX = 5000;
/** Mirrors `ATTACHMENT_MAX_BYTES` of the API's schemas (a unit test keeps them equal). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export interface AttachmentStub {
  content_type: string;
  length?: number;
  digest?: string;
  stub?: boolean;
  /** Only on a document being written: the file itself. */
  data?: Blob;
}

/**
 * A message. The sender's device writes only `type, id, to, body, created_at, status: 'pending'`
 * (and one attachment); the server adds the rest when it delivers, fails or reads it.
 */
export interface MessageDoc extends StoredDoc {
  type: 'message';
  id: string;
  /** The recipient's tagname, as the sender wrote it. */
  to: string;
  body: string;
  created_at: string;
  status: MessageStatus;
  conversation_id?: string;
  /** The sender's user id. */
  from?: string;
  from_me?: boolean;
  to_id?: string;
  sent_at?: string;
  delivered_at?: string;
  read_at?: string | null;
  error?: string | null;
  subject?: Conversation['subject'];
  _attachments?: Record<string, AttachmentStub>;
}

/** Written by the server into both people's databases. */
export interface ConversationDoc extends StoredDoc {
  type: 'conversation';
  conversation_id: string;
  other: Person;
  subject: Conversation['subject'];
  last_message: Conversation['last_message'];
  unread_count: number;
  last_read_at: string | null;
  updated_at: string;
}

/** Written by the reader's device each time a conversation is viewed (read receipts). */
export interface ReadMarkerDoc extends StoredDoc {
  type: 'read_marker';
  conversation_id: string;
  read_at: string;
}

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

export const ID_PREFIX = {
  message: 'message:',
  conversation: 'conversation:',
  readMarker: 'readmark:',
  messageNotification: 'notification:message:',
} as const;
