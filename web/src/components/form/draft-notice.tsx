import { deviceId, type DraftControl, type DraftFields } from '@/lib/local-db-drafts';
import './draft-notice.css';

/** "today at 10:32", "yesterday at 18:05", "12 Mar at 09:14": when a draft was saved. */
export function draftTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'earlier';
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `yesterday at ${time}`;
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `${day} at ${time}`;
}

export interface DraftNoticeProps<F extends DraftFields> {
  draft: DraftControl<F>;
  /** Puts the draft's fields into the form. */
  onResume: (fields: F) => void;
}

/**
 * Above a long form: the offer to resume a saved draft (from this device or, after sync, from
 * another one), a version kept when two devices edited the draft apart, and a quiet line saying
 * the draft is saved.
 */
export function DraftNotice<F extends DraftFields>({ draft, onResume }: DraftNoticeProps<F>) {
  const { offer, recovered, savedAt } = draft;
  const kept = recovered[0];
  return (
    <>
      {offer && (
        <div className="draft-notice" role="status" data-testid="draft-offer">
          <p>
            <strong>Resume your draft from {draftTime(offer.updatedAt)}?</strong>
            {offer.isFromOtherDevice && (
              <span className="muted"> It was saved on another device.</span>
            )}
          </p>
          <div className="draft-notice-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                const fields = draft.resume();
                if (fields) onResume(fields);
              }}
            >
              Resume
            </button>
            <button type="button" className="button button-secondary" onClick={draft.discard}>
              Discard
            </button>
          </div>
        </div>
      )}
      {!offer && kept && (
        <div className="draft-notice" role="status">
          <p>
            <strong>Another version of this draft was kept.</strong>{' '}
            <span className="muted">
              {kept.device && kept.device !== deviceId()
                ? `It was written on another device, saved ${draftTime(kept.updated_at)}.`
                : `It was saved ${draftTime(kept.updated_at)}.`}
            </span>
          </p>
          <div className="draft-notice-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => onResume(draft.restore(kept))}
            >
              Use that version
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => draft.forget(kept)}
            >
              Dismiss
            </button>
          </div>
        </div>
      )}
      {!offer && savedAt && (
        <p className="draft-saved muted">
          Draft saved {draftTime(savedAt)}, on this device and your others when online.
        </p>
      )}
    </>
  );
}
