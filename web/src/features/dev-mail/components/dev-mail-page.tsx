import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { getDevMail, type DevMail } from '../api/get-mail';
import { linkify, localPath } from '../utils/linkify';
import './dev-mail.css';

type State =
  | { status: 'loading' }
  | { status: 'ready'; mails: DevMail[] }
  | { status: 'unavailable' }
  | { status: 'error'; message: string };

function MailText({ text }: { text: string }) {
  return (
    <div className="mail-text">
      {linkify(text).map((part, index) => {
        if (part.kind === 'text') return <span key={index}>{part.text}</span>;
        const path = localPath(part.href, window.location.origin);
        return path ? (
          <Link key={index} to={path}>
            {part.text}
          </Link>
        ) : (
          <a key={index} href={part.href} rel="noreferrer">
            {part.text}
          </a>
        );
      })}
    </div>
  );
}

/** /dev/mail: the outbox of a development server, for following mailed links without SMTP. */
export function DevMailPage() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getDevMail({ signal: controller.signal }).then(
      (response) => setState({ status: 'ready', mails: response.data ?? [] }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'unavailable' });
        else
          setState({
            status: 'error',
            message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE,
          });
      },
    );
    return () => controller.abort();
  }, [reloads]);

  return (
    <section className="dev-mail" aria-labelledby="dev-mail-title">
      <div className="page-heading">
        <div>
          <h1 id="dev-mail-title">Developer mail</h1>
          <p className="muted">
            Mail the server would have sent. Only on servers that are not in production.
          </p>
        </div>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setReloads((n) => n + 1)}
        >
          Refresh
        </button>
      </div>
      {state.status === 'loading' && <p className="muted">Loading mail…</p>}
      {state.status === 'unavailable' && (
        <p>This server does not keep a local outbox (it sends real mail).</p>
      )}
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && state.mails.length === 0 && <p>No mail yet.</p>}
      {state.status === 'ready' && state.mails.length > 0 && (
        <ol className="mail-list">
          {state.mails.map((mail) => (
            <li key={mail.id} className="card mail">
              <h2 className="mail-subject">{mail.subject}</h2>
              <p className="mail-meta muted">
                To {mail.to} ·{' '}
                <time dateTime={mail.created_at}>{new Date(mail.created_at).toLocaleString()}</time>
              </p>
              <MailText text={mail.text} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
