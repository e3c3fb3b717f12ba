import { Modal } from '@/components/ui/modal';
import type { ConfirmState } from './confirm';

export interface ConfirmDialogProps {
  state: ConfirmState;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question before an action that cannot be undone; a failure stays in the dialog with the server's words. */
export function ConfirmDialog({ state, onConfirm, onCancel }: ConfirmDialogProps) {
  if (state.status === 'closed') return null;
  const { request } = state;
  const isRunning = state.status === 'running';
  const error = state.status === 'asking' ? state.error : null;
  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={request.title}
      actions={
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={onCancel}
            aria-disabled={isRunning || undefined}
          >
            Cancel
          </button>
          <button
            type="button"
            className={request.tone === 'danger' ? 'button button-danger' : 'button'}
            onClick={() => {
              if (!isRunning) onConfirm();
            }}
            aria-disabled={isRunning || undefined}
            data-busy={isRunning || undefined}
          >
            {isRunning ? 'Working…' : request.confirmLabel}
          </button>
        </>
      }
    >
      <div className="confirm-body">{request.body}</div>
      {error && (
        <p className="alert alert-error confirm-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
