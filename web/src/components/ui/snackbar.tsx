import { useSnapshot } from 'valtio';
import { dismiss, notificationStore } from '@/stores/notification';

/** The one snackbar of the app (spec sections 4 and 9): a click dismisses the message. */
export function Snackbar() {
  const { current } = useSnapshot(notificationStore);

  // The live region stays mounted so screen readers announce messages as they arrive.
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {current && (
        <button
          key={current.id}
          type="button"
          className={`snackbar snackbar-${current.kind}`}
          onClick={() => dismiss(current.id)}
        >
          {current.message}
          <span className="visually-hidden"> (select to dismiss)</span>
        </button>
      )}
    </div>
  );
}
