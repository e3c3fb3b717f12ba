import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Conversation } from '@wayfarer/api/schemas';
import { buildPath } from '@/config/paths';
import { Avatar } from '@/components/ui/avatar';
import { SearchInput } from '@/components/ui/search-input';
import { syncStore } from '@/stores/sync';
import { getInbox } from '../api/get-inbox';
import { useInbox } from '../hooks/use-inbox';
import type { InboxEntry } from '../types';
import { subjectLine } from '../utils/subject';
import { filterEntries, shortWhen } from '../utils/timeline';
import './inbox.css';
import { plural } from '@/lib/format';
import { plainPreview } from '@/lib/plain-text';

function fromConversation(c: Conversation): InboxEntry {
  return {
    conversationId: c.id,
    other: c.other,
    subject: c.subject,
    lastMessage: c.last_message
      ? { body: c.last_message.body, fromMe: c.last_message.from_me, at: c.last_message.at }
      : null,
    unread: c.unread_count,
    updatedAt: c.updated_at,
  };
}

const STATUS_PREFIX: Record<string, string> = {
  pending: 'Waiting to send · ',
  failed: 'Not delivered · ',
};

function InboxItem({ entry }: { entry: InboxEntry }) {
  const tagname = entry.other.tagname ?? '';
  const to = entry.conversationId
    ? buildPath('inbox.show', { conversationId: entry.conversationId })
    : buildPath('user.message', { tagname });
  const last = entry.lastMessage;
  return (
    <li>
      <Link
        to={to}
        className="inbox-item"
        data-testid="inbox-item"
        data-unread={entry.unread > 0 || undefined}
      >
        <Avatar name={entry.other.full_name} src={entry.other.avatar} size={44} />
        <span className="inbox-item-main">
          <span className="inbox-item-top">
            <span className="inbox-name">
              <strong>{entry.other.full_name}</strong>
              {tagname && entry.other.full_name !== `@${tagname}` && (
                <span className="muted"> @{tagname}</span>
              )}
            </span>
            {last && (
              <time className="inbox-time muted" dateTime={last.at}>
                {shortWhen(last.at)}
              </time>
            )}
          </span>
          {entry.subject && (
            <span className="inbox-subject muted">{subjectLine(entry.subject)}</span>
          )}
          <span className="inbox-item-bottom">
            <span className="inbox-preview">
              {last ? (
                <>
                  {last.status ? STATUS_PREFIX[last.status] : ''}
                  {last.fromMe ? 'You: ' : ''}
                  {plainPreview(last.body)}
                </>
              ) : (
                <span className="muted">No messages yet</span>
              )}
            </span>
            {entry.unread > 0 && (
              <span className="unread-count" data-testid="unread-count">
                {entry.unread}
                <span className="visually-hidden"> unread</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

function InboxList({ entries, query }: { entries: InboxEntry[]; query: string }) {
  if (entries.length === 0) {
    return query.trim() ? (
      <p className="inbox-empty">No conversation matches “{query.trim()}”.</p>
    ) : (
      <div className="inbox-empty">
        <p>
          <strong>No conversations yet.</strong>
        </p>
        <p className="muted">
          Start one with the Message button on a member’s profile, or from a gig, a job, an order or
          a project.
        </p>
      </div>
    );
  }
  return (
    <ul className="inbox-list" aria-label="Conversations">
      {entries.map((entry) => (
        <InboxItem key={entry.conversationId ?? `@${entry.other.tagname ?? ''}`} entry={entry} />
      ))}
    </ul>
  );
}

/** Where this browser keeps no data: the inbox from GET /api/inbox (online only). */
function ServerInbox({ query }: { query: string }) {
  const [result, setResult] = useState<
    { query: string; entries: InboxEntry[] } | { query: string; error: string } | null
  >(null);
  useEffect(() => {
    const controller = new AbortController();
    getInbox({ search: query, signal: controller.signal }).then(
      (conversations) => {
        setResult({ query, entries: conversations.map(fromConversation) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          query,
          error: error instanceof Error ? error.message : 'The inbox could not be loaded.',
        });
      },
    );
    return () => controller.abort();
  }, [query]);
  if (!result || result.query !== query) return <p role="status">Loading your inbox…</p>;
  if ('error' in result) return <p role="alert">{result.error}</p>;
  return <InboxList entries={result.entries} query={query} />;
}

/** `/inbox`: conversations from this device's database, newest first, live; works offline. */
export function InboxPage() {
  const inbox = useInbox();
  const sync = useSnapshot(syncStore);
  const [query, setQuery] = useState('');
  const entries = useMemo(
    () => (inbox ? filterEntries(inbox.entries, query, inbox.hasText) : null),
    [inbox, query],
  );

  const unread = inbox?.entries.reduce((sum, entry) => sum + entry.unread, 0) ?? 0;

  return (
    <div className="inbox-page">
      <div className="page-heading">
        <div>
          <h1>Inbox</h1>
          <p className="muted" aria-live="polite">
            {inbox
              ? unread > 0
                ? plural(unread, 'unread message')
                : 'You are all caught up.'
              : '\u00a0'}
          </p>
        </div>
      </div>
      <SearchInput
        label="Search conversations"
        isLabelHidden
        placeholder="Search by name or text"
        className="inbox-search"
        onSearch={setQuery}
      />
      {sync.db === 'failed' ? (
        <>
          <p className="chat-notice" data-tone="warn">
            This browser does not keep your messages on this device, so the inbox needs a
            connection.
          </p>
          <ServerInbox query={query} />
        </>
      ) : entries ? (
        <InboxList entries={entries} query={query} />
      ) : (
        <p role="status">Loading your inbox…</p>
      )}
    </div>
  );
}
