import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ConversationDoc } from '@wayfarer/api/schemas/userdb-docs';
import { conversationIdFor, USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { buildPath } from '@/config/paths';
import { useLocalDocs } from '@/lib/local-db';
import { useCurrentUser } from '@/stores/auth';
import { syncStore } from '@/stores/sync';
import { useMember } from '../hooks/use-member';
import { subjectQuery, type Subject } from '../utils/subject';
import { ChatProblem, ConversationPage } from './conversation-page';
import './inbox.css';

/**
 * `/@/:tagname/message`: opens the conversation with this person, or starts one. The conversation
 * id needs both user ids: it comes from this device's conversations, else from the person's
 * public profile. Offline and new, the chat opens by tagname: what is written waits as pending.
 */
export function StartConversation({
  tagname: rawTagname,
  subject = null,
}: {
  tagname: string;
  /** What the conversation is about (a gig's "Contact me"), carried on to the chat. */
  subject?: Subject | null;
}) {
  const tagname = rawTagname.toLowerCase();
  const me = useCurrentUser();
  const sync = useSnapshot(syncStore);
  const conversations = useLocalDocs<ConversationDoc>(USERDB_PREFIX.conversation);
  const existing = conversations?.find((c) => c.other.tagname === tagname);
  const isSelf = me?.tagname === tagname;
  const lookup = useMember(isSelf || existing ? null : tagname);

  if (!me) return null;
  if (isSelf) {
    return (
      <ChatProblem title="This is you">
        <p>You cannot send a message to yourself.</p>
      </ChatProblem>
    );
  }
  if (existing) {
    return (
      <Navigate
        replace
        to={buildPath(
          'inbox.show',
          { conversationId: existing.conversation_id },
          subjectQuery(subject),
        )}
      />
    );
  }
  // Wait for this device's conversations, unless its database cannot open at all.
  if (conversations === null && sync.db !== 'failed') {
    return (
      <p className="chat-loading" role="status">
        Opening the conversation…
      </p>
    );
  }
  if (lookup.state === 'ready') {
    return (
      <Navigate
        replace
        to={buildPath(
          'inbox.show',
          { conversationId: conversationIdFor(me.id, lookup.member.id) },
          { to: tagname, ...subjectQuery(subject) },
        )}
      />
    );
  }
  if (lookup.state === 'loading' || lookup.state === 'idle') {
    return (
      <p className="chat-loading" role="status">
        Opening the conversation…
      </p>
    );
  }
  if (lookup.state === 'error') {
    return (
      <div className="chat-problem">
        <h1>The conversation could not be opened</h1>
        <p>{lookup.message}</p>
      </div>
    );
  }
  // Missing (the page says so) or unreachable (offline: write by tagname).
  return <ConversationPage conversationId={null} tagnameHint={tagname} subject={subject} />;
}
