import type { OrderActionDoc } from '../api/device-orders';
import { formatDateTime } from '@/lib/format';
import { withLocalDb } from '@/lib/local-db';

/**
 * Says that what is shown is this device's copy (offline, or the server out of reach), as of
 * when the server last wrote it, and that actions needing the network are unavailable.
 */
export function DeviceCopyNote({ what, asOf = null }: { what: string; asOf?: string | null }) {
  return (
    <p className="alert order-offline" role="status" data-testid="orders-offline">
      You are offline. Showing this device’s copy of {what}
      {asOf ? `, as of ${formatDateTime(asOf)}` : ''}. Actions that need the network are unavailable
      until you are back online.
    </p>
  );
}

const ACTION_LABELS: Record<OrderActionDoc['action'], string> = {
  accept: 'Accepting the delivery',
  revision: 'Your revision request',
  cancel: 'Your cancellation',
  cancel_accept: 'Accepting the cancellation',
  cancel_decline: 'Declining the cancellation',
  dispute: 'Your dispute',
  start: 'Starting the work',
  deliver: 'Your delivery',
};

/**
 * The actions taken on this order offline, on this device or another of the user's, newest
 * first: waiting to sync, then applied (with what happened) or refused (with why).
 */
export function QueuedActions({ docs }: { docs: readonly OrderActionDoc[] }) {
  if (docs.length === 0) return null;
  return (
    <ul className="order-queued" aria-label="Actions taken offline">
      {[...docs].reverse().map((doc) => (
        <li
          key={doc._id}
          className="order-queued-item"
          data-testid="order-queued-action"
          data-status={doc.status}
        >
          <p>
            <strong>{ACTION_LABELS[doc.action]}</strong>{' '}
            <span className="muted">
              (<time dateTime={doc.created_at}>{formatDateTime(doc.created_at)}</time>)
            </span>
            {doc.status === 'pending' && ': waiting to sync. It is sent when you are back online.'}
            {doc.status === 'applied' && `: done (${doc.outcome ?? 'applied'}).`}
            {doc.status === 'refused' && `: not applied. ${doc.outcome ?? ''}`}
          </p>
          {doc.status !== 'pending' && (
            <button type="button" className="button button-ghost" onClick={() => void dismiss(doc)}>
              Dismiss
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A decided action leaves the list (the user may delete their action documents). */
async function dismiss(doc: OrderActionDoc): Promise<void> {
  try {
    await withLocalDb((db) => db.remove(doc._id, doc._rev!));
  } catch (error) {
    console.warn('The action could not be dismissed', error);
  }
}
