// The header's messages button (issue 20): to the inbox, with the number of conversations that
// have unread messages, live from the local database (a message synced in, a conversation read
// on this device) and offline. Small on purpose: it is part of the header's status items, so it
// imports only the local database's hooks (never PouchDB itself, which that module loads on
// demand) and no chat code.
import { BadgeLink } from '@/components/ui/badge-link';
import { buildPath } from '@/config/paths';
import { useUnreadConversations } from '../hooks/use-unread-conversations';

const UNREAD = () => 'unread';

export function MessagesBadge() {
  return (
    <BadgeLink
      to={buildPath('inbox')}
      icon="M4 5h16v11H8l-4 4z"
      label="Messages"
      countLabel={UNREAD}
      count={useUnreadConversations()}
      testId="messages-badge"
    />
  );
}
