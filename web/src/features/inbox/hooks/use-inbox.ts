import { useMemo } from 'react';
import type { ConversationDoc, ReadMarkerDoc } from '@wayfarer/api/schemas/userdb-docs';
import { USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { useLocalDocs } from '@/lib/local-db';
import type { InboxEntry } from '../types';
import { inboxEntries } from '../utils/timeline';
import { useMessagesStore } from './use-messages';

/**
 * The inbox from the user's own database, live: conversations and people written to whose
 * messages are not delivered yet, newest first. Null while the database opens.
 */
export function useInbox(): {
  entries: InboxEntry[];
  hasText: (entry: InboxEntry, needle: string) => boolean;
} | null {
  const conversations = useLocalDocs<ConversationDoc>(USERDB_PREFIX.conversation);
  const markers = useLocalDocs<ReadMarkerDoc>(USERDB_PREFIX.readMarker);
  const store = useMessagesStore();
  const version = store?.getVersion();
  return useMemo(() => {
    if (!conversations || !markers || !store) return null;
    void version;
    return {
      entries: inboxEntries(conversations, markers, store.undeliveredByTagname()),
      hasText: (entry: InboxEntry, needle: string) =>
        store.hasText(entry.conversationId, entry.other.tagname, needle),
    };
  }, [conversations, markers, store, version]);
}
