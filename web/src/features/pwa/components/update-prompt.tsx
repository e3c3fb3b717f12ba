import { useSnapshot } from 'valtio';
import { applyUpdate, dismissUpdate, pwaStore } from '../stores/pwa';

/** "A new version is available" with Reload, shown when a new service worker is waiting. */
export function UpdatePrompt() {
  const { isUpdateReady } = useSnapshot(pwaStore);
  if (!isUpdateReady) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite" data-testid="update-prompt">
      <p>
        <strong>A new version is available</strong>
        <span className="muted">Reload to get the latest Wayfarer Market.</span>
      </p>
      <div className="update-prompt-actions">
        <button type="button" className="button button-ghost" onClick={dismissUpdate}>
          Later
        </button>
        <button type="button" className="button" onClick={applyUpdate}>
          Reload
        </button>
      </div>
    </div>
  );
}
