import { useRef, useSyncExternalStore } from 'react';
import type { MessageDoc } from '@wayfarer/api/schemas/userdb-docs';
import { USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { useLocalDb, useLocalQuery } from '@/lib/local-db';
import {
  messagesStoreFor,
  readConversationMessages,
  type MessagesStore,
} from '../api/messages-store';

const noop = () => () => undefined;
const zero = () => 0;

/**
 * The message index of the signed-in user's database (every message: the inbox list), read on
 * first use and re-rendering on every change; null while it opens or reads.
 */
export function useMessagesStore(): MessagesStore | null {
  const engine = useLocalDb();
  const store = engine ? messagesStoreFor(engine) : null;
  if (store) void store.ready;
  useSyncExternalStore(store?.subscribe ?? noop, store?.getVersion ?? zero);
  return store?.loaded ? store : null;
}

/** Whether two lists hold the same versions of the same messages, in the same order. */
const sameMessages = (a: readonly MessageDoc[], b: readonly MessageDoc[]) =>
  a.length === b.length && a.every((doc, i) => doc._id === b[i]!._id && doc._rev === b[i]!._rev);

/**
 * A conversation's messages in order (see `readConversationMessages`), live, and the store that
 * writes them; null while loading. Only this conversation's messages are read (local indexes),
 * again after each change of a message; the list stays the same object while they are unchanged.
 */
export function useConversationMessages(
  conversationId: string | null,
  tagname: string | null,
): { store: MessagesStore; messages: MessageDoc[] } | null {
  const engine = useLocalDb();
  const messages = useLocalQuery(
    USERDB_PREFIX.message,
    `conversation:${conversationId ?? ''}|${tagname ?? ''}`,
    (opened) => readConversationMessages(opened, conversationId, tagname),
  );
  const stable = useRef<MessageDoc[] | null>(null);
  if (!engine || !messages) return null;
  if (!stable.current || !sameMessages(stable.current, messages)) stable.current = messages;
  return { store: messagesStoreFor(engine), messages: stable.current };
}
