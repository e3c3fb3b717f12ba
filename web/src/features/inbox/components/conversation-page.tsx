import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Person } from '@wayfarer/api/schemas';
import type { ConversationDoc, MessageDoc } from '@wayfarer/api/schemas/userdb-docs';
import { conversationDocId, conversationIdFor } from '@wayfarer/api/schemas/userdb-rules';
import { buildPath } from '@/config/paths';
import { Avatar } from '@/components/ui/avatar';
import { Dropdown } from '@/components/ui/dropdown';
import { Modal } from '@/components/ui/modal';
import { useLocalDb, useLocalDoc } from '@/lib/local-db';
import { useCurrentUser } from '@/stores/auth';
import { changeTitle } from '@/stores/navigation';
import { notifyError } from '@/stores/notification';
import { syncStore } from '@/stores/sync';
import { useBlocking } from '../hooks/use-blocking';
import { useMember } from '../hooks/use-member';
import { useConversationMessages } from '../hooks/use-messages';
import { useReadReceipts } from '../hooks/use-read-receipts';
import { draftKeyFor, otherParticipantId } from '../utils/ids';
import { subjectLine, type Subject } from '../utils/subject';
import { Composer, type ComposerAttachment } from './composer';
import { MessageList } from './message-list';
import './inbox.css';

function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warn' }) {
  return (
    <p className="chat-notice" data-tone={tone} role="status">
      {children}
    </p>
  );
}

/** Why a chat cannot be shown, with the way back to the inbox. */
export function ChatProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="chat-problem">
      <h1>{title}</h1>
      {children}
      <p>
        <Link to={buildPath('inbox')} className="button button-secondary">
          Go to your inbox
        </Link>
      </p>
    </div>
  );
}

export interface ConversationPageProps {
  /** The conversation, when known (`/inbox/:conversationId`). */
  conversationId: string | null;
  /** The other person's tagname when the conversation is not on this device yet. */
  tagnameHint: string | null;
  /** What the messages written here are about (from a gig's "Contact me" link), if anything. */
  subject?: Subject | null;
}

/**
 * One conversation in the chat layout: the other person, the messages (from this device's
 * database, live), the composer. Works offline: messages written now are kept as pending and
 * sent by sync.
 */
export function ConversationPage({
  conversationId,
  tagnameHint,
  subject: newSubject = null,
}: ConversationPageProps) {
  const me = useCurrentUser();
  const engine = useLocalDb();
  const sync = useSnapshot(syncStore);
  const conversation = useLocalDoc<ConversationDoc>(
    conversationId ? conversationDocId(conversationId) : null,
  );
  const tagname = conversation?.other.tagname ?? tagnameHint?.toLowerCase() ?? null;
  // A conversation not on this device yet: ask the server who the person is.
  const lookup = useMember(conversation || conversation === undefined ? null : tagname);
  const member = lookup.state === 'ready' ? lookup.member : null;
  const other: Person | null =
    conversation?.other ??
    (member
      ? {
          id: member.id,
          tagname: member.tagname,
          full_name: member.full_name,
          avatar: member.avatar,
        }
      : tagname
        ? { id: '', tagname, full_name: `@${tagname}`, avatar: null }
        : null);
  const data = useConversationMessages(conversationId, tagname);
  const messages = data?.messages ?? null;
  useReadReceipts(conversationId, conversation, messages);
  const blocking = useBlocking(tagname);
  const [isBlockOpen, setBlockOpen] = useState(false);

  // Stable handlers (the store lives as long as the database): messages re-render only when
  // they change.
  const store = data?.store ?? null;
  const onSend = useCallback(
    async (body: string, attachment: ComposerAttachment | null) => {
      if (!store || !tagname) throw new Error('This conversation cannot take messages now.');
      await store.send({ to: tagname, body, attachment, subject: newSubject });
    },
    [store, tagname, newSubject],
  );
  const onRetry = useCallback(
    (message: MessageDoc) => {
      store?.retry(message).catch(() => notifyError('The message could not be sent again.'));
    },
    [store],
  );
  const onDiscard = useCallback(
    (message: MessageDoc) => {
      store?.discard(message).catch(() => notifyError('The message could not be deleted.'));
    },
    [store],
  );

  let problem: { title: string; text: string } | null = null;
  let isLoading = false;
  if (!me) isLoading = true;
  else if (conversationId && !otherParticipantId(conversationId, me.id)) {
    problem = { title: 'Conversation not found', text: 'This conversation is not one of yours.' };
  } else if (sync.db === 'failed') {
    problem = {
      title: 'Chat is not available in this browser',
      text: sync.error ?? 'This browser does not let the app keep your data on this device.',
    };
  } else if (!engine || conversation === undefined || !messages || !data) {
    isLoading = true;
  } else if (!tagname) {
    problem = {
      title: 'Conversation not found',
      text: 'This conversation is not on this device yet. It appears once it has synced.',
    };
  } else if (lookup.state === 'missing') {
    problem = {
      title: 'No member has this tagname',
      text: `Check the address: nobody is called @${tagname}.`,
    };
  } else if (conversationId && member && conversationIdFor(me.id, member.id) !== conversationId) {
    // A link naming one conversation and another person must not send to that person.
    problem = {
      title: 'Conversation not found',
      text: `This link does not lead to a conversation with @${tagname}.`,
    };
  }

  // The header shows the person's name; a problem page has its own heading.
  const title = problem || isLoading ? '' : (other?.full_name ?? '');
  useEffect(() => {
    changeTitle(title);
  }, [title]);
  useEffect(() => () => changeTitle(''), []);

  if (problem) {
    return (
      <ChatProblem title={problem.title}>
        <p>{problem.text}</p>
      </ChatProblem>
    );
  }
  if (isLoading || !me || !data || !messages || !tagname) {
    return (
      <p className="chat-loading" role="status">
        Loading the conversation…
      </p>
    );
  }

  const isSelf = tagname === me.tagname;
  const isOffline = sync.status === 'offline';
  const subject = newSubject ?? conversation?.subject;
  const disabledReason = isSelf
    ? 'You cannot send a message to yourself.'
    : blocking.isBlocked
      ? `You blocked @${tagname}. Unblock them to write again.`
      : null;

  return (
    <div className="chat">
      <div className="chat-bar">
        <Link to={buildPath('user', { tagname })} className="chat-person">
          <Avatar name={other?.full_name ?? tagname} src={other?.avatar} size={36} />
          <span>
            <span className="visually-hidden">Profile of {other?.full_name ?? tagname}: </span>
            <span className="muted">@{tagname}</span>
          </span>
        </Link>
        {subject &&
          (subject.kind === 'gig' ? (
            <Link
              to={buildPath('gigs.show', { id: subject.ref })}
              className="badge chat-subject"
              title={subject.title}
            >
              {subjectLine(subject)}
            </Link>
          ) : (
            <span className="badge chat-subject" title={subject.title}>
              {subjectLine(subject)}
            </span>
          ))}
        <Dropdown buttonClassName="chat-icon-button" ariaLabel="Conversation options" label="⋯">
          {(close) => (
            <ul className="dropdown-list">
              <li>
                <Link to={buildPath('user', { tagname })}>View profile</Link>
              </li>
              <li>
                {blocking.isBlocked ? (
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      void blocking.unblock();
                    }}
                  >
                    Unblock @{tagname}
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      setBlockOpen(true);
                    }}
                  >
                    Block @{tagname}
                  </button>
                )}
              </li>
            </ul>
          )}
        </Dropdown>
      </div>
      {isOffline && (
        <Notice tone="warn">
          You are offline. Messages you write now are kept on this device and sent when you are back
          online.
        </Notice>
      )}
      {blocking.isBlocked && (
        <Notice>
          You blocked @{tagname}: their messages are refused.{' '}
          <button type="button" className="text-button" onClick={() => void blocking.unblock()}>
            Unblock
          </button>
        </Notice>
      )}
      <MessageList
        messages={messages}
        store={data.store}
        isOffline={isOffline}
        otherName={other?.full_name ?? `@${tagname}`}
        onRetry={onRetry}
        onDiscard={onDiscard}
        empty={
          <p className="chat-empty muted">
            Say hello to {other?.full_name ?? `@${tagname}`}. Messages are Markdown: see How to Chat
            at the top.
          </p>
        }
      />
      <Composer
        draftKey={draftKeyFor(conversationId, tagname)}
        disabledReason={disabledReason}
        onSend={onSend}
      />
      <Modal
        isOpen={isBlockOpen}
        onClose={() => setBlockOpen(false)}
        title={`Block @${tagname}?`}
        actions={
          <>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setBlockOpen(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              aria-disabled={blocking.isBusy || undefined}
              onClick={() => {
                void blocking.block().then(() => setBlockOpen(false));
              }}
            >
              Block
            </button>
          </>
        }
      >
        <p>
          Their messages to you will be refused and they will be told so. You can unblock them at
          any time.
        </p>
      </Modal>
    </div>
  );
}
