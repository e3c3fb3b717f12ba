import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { logout } from '@/lib/session';
import { plural } from '@/lib/format';

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
  // Changes on this device that could not reach the server (offline): the user decides.
  const [unsynced, setUnsynced] = useState(0);

  const close = () => {
    setUnsynced(0);
    onClose();
  };

  const confirm = async () => {
    if (isBusy) return;
    setBusy(true);
    const result = await logout({ discardUnsynced: unsynced > 0 });
    setBusy(false);
    if (!result.loggedOut) {
      setUnsynced(result.unsynced);
      return;
    }
    close();
    void navigate(redirectTo);
  };

  if (unsynced > 0) {
    const changes = plural(unsynced, 'change');
    return (
      <Modal
        isOpen={isOpen}
        onClose={close}
        title="Changes not synced yet"
        actions={
          <>
            <button type="button" className="button" onClick={close}>
              Stay logged in
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => void confirm()}
              aria-disabled={isBusy || undefined}
            >
              Log out and discard
            </button>
          </>
        }
      >
        <p>
          {changes} made on this device {unsynced === 1 ? 'has' : 'have'} not reached the server
          yet: you seem to be offline. Logging out deletes {unsynced === 1 ? 'it' : 'them'} from
          this device. Stay logged in and {unsynced === 1 ? 'it syncs' : 'they sync'} as soon as you
          are back online.
        </p>
      </Modal>
    );
  }

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
