import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';

export type StateAction = 'start' | 'complete' | 'cancel';

/** What the snackbar says once an action went through (the project page and the dashboard). */
export const STATE_DONE: Record<StateAction, string> = {
  start: 'The project has started.',
  complete: 'The project is completed: you can review the participants now.',
  cancel: 'The project is cancelled.',
};

export interface StateActionsProps {
  /** Whether the project allows the action now (`project.actions`). */
  can: (action: StateAction | 'review') => boolean;
  /** Offline or busy with another action. */
  isDisabled: boolean;
  reviewHref: string;
  onChange: (action: StateAction) => void;
}

/**
 * The lecturer's Start, Mark as completed, Review participants and Cancel (after "Cancel the
 * project?"), on the project page and the dashboard.
 */
export function StateActions({ can, isDisabled, reviewHref, onChange }: StateActionsProps) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  return (
    <>
      {can('start') && (
        <button
          type="button"
          className="button"
          disabled={isDisabled}
          onClick={() => onChange('start')}
        >
          Start the project
        </button>
      )}
      {can('complete') && (
        <button
          type="button"
          className="button"
          disabled={isDisabled}
          onClick={() => onChange('complete')}
        >
          Mark as completed
        </button>
      )}
      {can('review') && (
        <Link className="button" to={reviewHref}>
          Review participants
        </Link>
      )}
      {can('cancel') && (
        <button
          type="button"
          className="button button-danger"
          disabled={isDisabled}
          onClick={() => setConfirmCancel(true)}
        >
          Cancel the project
        </button>
      )}
      <CancelConfirm
        isOpen={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          onChange('cancel');
        }}
      />
    </>
  );
}

/** "Cancel the project?" with what it means. */
function CancelConfirm({
  isOpen,
  onClose,
  onConfirm,
}: {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Cancel the project?"
      actions={
        <>
          <button type="button" className="button button-danger" onClick={onConfirm}>
            Yes, cancel it
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Keep it
          </button>
        </>
      }
    >
      <p>Applications close and nobody can join any more. This cannot be undone.</p>
    </Modal>
  );
}
