import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify, notifyError } from '@/stores/notification';
import { listContactMessages, setMessageHandled } from '../api/contact-messages';
import { useResource } from '@/lib/use-resource';
import type { ContactMessage, ContactStatus } from '../types';
import { errorMessageOf } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { PageHeading, PagedList, StatusTabs, pageParam, statusHref } from './admin-list';
import './admin.css';

const TABS: { status: ContactStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'handled', label: 'Handled' },
];

function Message({
  message,
  onToggled,
}: {
  message: ContactMessage;
  onToggled: (message: ContactMessage) => void;
}) {
  const [isBusy, setBusy] = useState(false);
  const isHandled = message.handled_at !== null;
  const toggle = async () => {
    if (isBusy) return;
    setBusy(true);
    try {
      const result = await setMessageHandled(message.id, !isHandled);
      notify(
        isHandled ? `“${message.subject}” is open again.` : `“${message.subject}” is handled.`,
      );
      onToggled({ ...message, handled_at: result.handled_at });
    } catch (error) {
      notifyError(errorMessageOf(error));
      setBusy(false);
    }
  };
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <li className="card message">
      <article aria-label={message.subject}>
        <header className="message-header">
          <h2>{message.subject}</h2>
          <p className="muted">
            From {message.name} &lt;{message.email}&gt; ·{' '}
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
            {message.handled_at && <> · handled {formatDateTime(message.handled_at)}</>}
          </p>
        </header>
        <details className="message-body">
          <summary>Read the message</summary>
          <p>{message.message}</p>
        </details>
        <div className="message-actions">
          <a className="button button-secondary button-small" href={reply}>
            Reply by email
          </a>
          <button
            type="button"
            className="button button-small"
            onClick={() => void toggle()}
            aria-disabled={isBusy || undefined}
          >
            {isHandled ? 'Reopen' : 'Mark handled'}
          </button>
        </div>
      </article>
    </li>
  );
}

/** /admin/messages: what visitors sent through the contact form. */
export function MessagesPage() {
  const [params] = useSearchParams();
  const status: ContactStatus = params.get('status') === 'handled' ? 'handled' : 'open';
  const page = pageParam(params);
  const { resource, reload, setData } = useResource(`messages:${status}:${page}`, (signal) =>
    listContactMessages(status, page, { signal }),
  );

  return (
    <div className="admin-page">
      <PageHeading title="Contact messages">
        What visitors sent through the Contact Us form.
      </PageHeading>
      <StatusTabs label="Message status" tabs={TABS} current={status} hrefFor={statusHref} />
      <PagedList
        resource={resource}
        onRetry={reload}
        what="messages"
        none={status === 'open' ? 'No open messages. All caught up.' : 'No handled messages yet.'}
        noun={`${status} message`}
        className="message-list"
        hrefFor={(p) => statusHref(status, p)}
        pagesLabel="Pages of messages"
      >
        {(message) => (
          <Message
            key={message.id}
            message={message}
            // A handled message leaves the open list (and the other way round).
            onToggled={(changed) =>
              setData((current) => ({
                data: current.data.filter((m) => m.id !== changed.id),
                meta: { ...current.meta, total: Math.max(0, current.meta.total - 1) },
              }))
            }
          />
        )}
      </PagedList>
    </div>
  );
}
