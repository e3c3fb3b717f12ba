import { useMemo } from 'react';
import type { ConversationDoc, ReadMarkerDoc } from '@wayfarer/api/schemas/userdb-docs';
import { USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { useLocalDocs } from '@/lib/local-db';
import { totalUnread } from '../utils/timeline';

/**
 * Unread messages in all conversations, live from the user's own database (the server's counts,
 * and zero at once for a conversation this device has read). Null while the database opens.
 */
export function useUnreadCount(): number | null {
  const conversations = useLocalDocs<ConversationDoc>(USERDB_PREFIX.conversation);
  const markers = useLocalDocs<ReadMarkerDoc>(USERDB_PREFIX.readMarker);
  return useMemo(
    () => (conversations && markers ? totalUnread(conversations, markers) : null),
    [conversations, markers],
  );
}
