import { useMemo } from 'react';
import type { ConversationDoc, ReadMarkerDoc } from '@wayfarer/api/schemas/userdb-docs';
import { USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { useLocalDocs } from '@/lib/local-db';
import { unreadConversations } from '../utils/timeline';

/**
 * Conversations with unread messages, live from the user's own database (the server's counts, a
 * message synced in, and zero at once for a conversation this device has read). Null while the
 * database opens.
 */
export function useUnreadConversations(): number | null {
  const conversations = useLocalDocs<ConversationDoc>(USERDB_PREFIX.conversation);
  const markers = useLocalDocs<ReadMarkerDoc>(USERDB_PREFIX.readMarker);
  return useMemo(
    () => (conversations && markers ? unreadConversations(conversations, markers) : null),
    [conversations, markers],
  );
}
