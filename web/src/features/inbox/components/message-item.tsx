import { memo } from 'react';
import type { MessageDoc } from '@wayfarer/api/schemas/userdb-docs';
import type { MessagesStore } from '../api/messages-store';
import { isMine, messageTime, timeLabel } from '../utils/timeline';
import { AttachmentView } from './attachment-view';
import { MessageMarkdown } from './message-markdown';

const STATUS_TEXT = {
  pending: 'Sending',
  waiting: 'Waiting for a connection',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not delivered',
} as const;

function StatusMark({ message, isOffline }: { message: MessageDoc; isOffline: boolean }) {
  const key = message.status === 'pending' && isOffline ? 'waiting' : message.status;
  const text = STATUS_TEXT[key];
  const icon = key === 'read' ? '✓✓' : key === 'delivered' ? '✓' : key === 'failed' ? '!' : '🕓';
  return (
    <span className="msg-status" data-status={message.status} title={text}>
      <span aria-hidden="true">{icon}</span>
      <span className="msg-status-text">{text}</span>
    </span>
  );
}

export interface MessageItemProps {
  message: MessageDoc;
  store: MessagesStore;
  isOffline: boolean;
  /** Read before each message of theirs by screen readers. */
  otherName: string;
  onRetry: (message: MessageDoc) => void;
  onDiscard: (message: MessageDoc) => void;
}

export const MessageItem = memo(function MessageItem({
  message,
  store,
  isOffline,
  otherName,
  onRetry,
  onDiscard,
}: MessageItemProps) {
  const mine = isMine(message);
  const when = messageTime(message);
  const attachment = Object.entries(message._attachments ?? {})[0];
  return (
    <li
      className="msg"
      data-testid="message"
      data-mine={mine || undefined}
      data-status={message.status}
      data-id={message.id}
    >
      <div className="msg-bubble">
        <span className="visually-hidden">{mine ? 'You:' : `${otherName}:`}</span>
        {attachment && (
          <AttachmentView
            store={store}
            docId={message._id}
            rev={message._rev}
            name={attachment[0]}
            stub={attachment[1]}
          />
        )}
        {message.body && <MessageMarkdown body={message.body} />}
        <span className="msg-meta">
          <time dateTime={when}>{timeLabel(when)}</time>
          {mine && <StatusMark message={message} isOffline={isOffline} />}
        </span>
      </div>
      {message.status === 'failed' && (
        <div className="msg-failure" role="alert">
          <p>{message.error || 'This message could not be delivered.'}</p>
          <div className="msg-failure-actions">
            <button type="button" className="text-button" onClick={() => onRetry(message)}>
              Try again
            </button>
            <button type="button" className="text-button" onClick={() => onDiscard(message)}>
              Delete
            </button>
          </div>
        </div>
      )}
    </li>
  );
});
