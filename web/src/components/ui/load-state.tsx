// Loading and load-error states of a page section that reads the API (jobs, projects, parties...).
import type { ApiError } from '@/lib/api-client';

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status">
      Loading {what}…
    </p>
  );
}

export function LoadError({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <p className="alert-title">
        {error.isNetworkError ? 'This needs a connection: you seem to be offline.' : error.message}
      </p>
      {onRetry && error.status !== 404 && error.status !== 403 && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
