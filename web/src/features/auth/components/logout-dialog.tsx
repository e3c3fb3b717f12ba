import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { logout } from '@/lib/session';

export interface LogoutDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Spec section 2: login from the member areas, the index from the public header. */
  redirectTo: string;
}

/** The spec's logout confirmation, word for word. */
export function LogoutDialog({ isOpen, onClose, redirectTo }: LogoutDialogProps) {
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);

  const confirm = async () => {
    if (isBusy) return;
    setBusy(true);
    await logout();
    setBusy(false);
    onClose();
    void navigate(redirectTo);
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Are you sure you want to Logout"
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void confirm()}
            aria-disabled={isBusy || undefined}
          >
            Yes Logout
          </button>
        </>
      }
    >
      <p>You will need your email and password to log in again on this device.</p>
    </Modal>
  );
}
