import { useMemo } from 'react';
import { useLocalDocs } from '@/lib/local-db';
import { ID_PREFIX, type ConversationDoc, type ReadMarkerDoc } from '../types';
import { totalUnread } from '../utils/timeline';

/**
 * Unread messages in all conversations, live from the user's own database (the server's counts,
 * and zero at once for a conversation this device has read). Null while the database opens.
 */
export function useUnreadCount(): number | null {
  const conversations = useLocalDocs<ConversationDoc>(ID_PREFIX.conversation);
  const markers = useLocalDocs<ReadMarkerDoc>(ID_PREFIX.readMarker);
  return useMemo(
    () => (conversations && markers ? totalUnread(conversations, markers) : null),
    [conversations, markers],
  );
}
