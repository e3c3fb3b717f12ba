import { useSyncExternalStore } from 'react';
import { useLocalDb } from '@/lib/local-db';
import { messagesStoreFor, type MessagesStore } from '../api/messages-store';
import type { MessageDoc } from '../types';

const noop = () => () => undefined;
const zero = () => 0;

/** The message index of the signed-in user's database, re-rendering on every change; null while it opens. */
export function useMessagesStore(): MessagesStore | null {
  const engine = useLocalDb();
  const store = engine ? messagesStoreFor(engine) : null;
  useSyncExternalStore(store?.subscribe ?? noop, store?.getVersion ?? zero);
  return store?.loaded ? store : null;
}

/** A conversation's messages in order (see `MessagesStore.messagesFor`); null while loading. */
export function useConversationMessages(
  conversationId: string | null,
  tagname: string | null,
): { store: MessagesStore; messages: MessageDoc[] } | null {
  const store = useMessagesStore();
  if (!store) return null;
  return { store, messages: store.messagesFor(conversationId, tagname) };
}
