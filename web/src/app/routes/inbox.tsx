// The inbox feature's pages: the list (/inbox), one conversation (/inbox/:conversationId) and
// "message this person" (/@/:tagname/message). The whole chat (Markdown renderer included)
// loads with these routes only.
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ConversationPage } from '@/features/inbox/components/conversation-page';
import { InboxPage } from '@/features/inbox/components/inbox-page';
import { StartConversation } from '@/features/inbox/components/start-conversation';
import { subjectFromSearch } from '@/features/inbox/utils/subject';

export function Inbox() {
  return <InboxPage />;
}

export function Conversation() {
  const { conversationId = '' } = useParams();
  const [search] = useSearchParams();
  const subject = useMemo(() => subjectFromSearch(search), [search]);
  return (
    <ConversationPage
      key={conversationId}
      conversationId={conversationId}
      tagnameHint={search.get('to')}
      subject={subject}
    />
  );
}

export function MessageMember() {
  const { tagname = '' } = useParams();
  const [search] = useSearchParams();
  return <StartConversation key={tagname} tagname={tagname} subject={subjectFromSearch(search)} />;
}
