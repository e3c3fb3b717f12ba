import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Modal } from '@/components/ui/modal';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { buildPath } from '@/config/paths';
import type { ProjectPerson } from '../api/party';

/** A member: photo, name, and the tag name linking to their profile. */
export function Person({ person, note }: { person: ProjectPerson; note?: ReactNode }) {
  return (
    <span className="party-person">
      <Avatar name={person.full_name} src={person.avatar} size={40} />
      <span className="party-person-text">
        <strong>{person.full_name}</strong>
        {person.tagname && (
          <Link to={buildPath('user.info', { tagname: person.tagname })}>@{person.tagname}</Link>
        )}
        {note && <span className="muted">{note}</span>}
      </span>
    </span>
  );
}

/** An error in the server's words, or the generic sentence. */
export const messageOf = (error: unknown): string =>
  error instanceof ApiError
    ? error.isNetworkError
      ? 'This needs a connection: you seem to be offline.'
      : error.message
    : GENERIC_ERROR_MESSAGE;

export interface ConfirmButtonProps {
  /** The button's text (and the dialog's confirm button). */
  label: string;
  /** Its accessible name when the text alone is ambiguous ("Remove Ana Silva"). */
  ariaLabel?: string;
  title: string;
  body: ReactNode;
  /** Runs the action; a failure stays in the dialog in the server's words. */
  run: () => Promise<unknown>;
  onDone: () => void;
}

/** A button asking first (a modal), for what cannot be undone: remove, leave. */
export function ConfirmButton({ label, ariaLabel, title, body, run, onDone }: ConfirmButtonProps) {
  const [state, setState] = useState<'closed' | 'asking' | 'running'>('closed');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (state === 'running') return;
    setState('closed');
    setError(null);
  };
  const confirm = () => {
    if (state === 'running') return;
    setState('running');
    setError(null);
    run().then(
      () => {
        setState('closed');
        onDone();
      },
      (failure: unknown) => {
        setState('asking');
        setError(messageOf(failure));
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className="button button-ghost"
        aria-label={ariaLabel}
        onClick={() => setState('asking')}
      >
        {label}
      </button>
      <Modal
        isOpen={state !== 'closed'}
        onClose={close}
        title={title}
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={confirm}
              aria-disabled={state === 'running' || undefined}
            >
              {state === 'running' ? 'Working…' : label}
            </button>
          </>
        }
      >
        <p>{body}</p>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </>
  );
}

/** Why a member who is not a Student cannot open the party pages. */
export function StudentsOnly({ role }: { role: string }) {
  return (
    <section className="card" data-testid="party-students-only">
      <h2>Parties are for students</h2>
      <p>
        A party is a team of students who apply to lecturers’ projects together. Your account is a{' '}
        {role} account, so you cannot lead or join a party. The{' '}
        <Link to={buildPath('leaderboard')}>leaderboard</Link> is open to everyone.
      </p>
    </section>
  );
}
