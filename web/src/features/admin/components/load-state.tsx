import type { ReactNode } from 'react';
import type { Resource } from '@/lib/use-resource';

export interface LoadStateProps<T> {
  resource: Resource<T>;
  onRetry: () => void;
  /** What is loading, for the status line ("users"). */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * A screen's data: a status line while the first answer is on its way, the error with a retry
 * when it failed, and the data otherwise (kept on screen while a newer answer loads).
 */
export function LoadState<T>({ resource, onRetry, what, children }: LoadStateProps<T>) {
  if (resource.status === 'error' && resource.data === undefined) {
    // Asking again will not make a missing or forbidden thing appear.
    const isFinal = resource.error.status === 404 || resource.error.status === 403;
    return <LoadError message={resource.error.message} onRetry={isFinal ? undefined : onRetry} />;
  }
  if (resource.data === undefined) {
    return (
      <p className="load-status muted" role="status">
        Loading {what}…
      </p>
    );
  }
  return (
    <>
      {resource.status === 'error' && (
        <LoadError message={resource.error.message} onRetry={onRetry} />
      )}
      {children(resource.data)}
    </>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="alert alert-error load-error" role="alert">
      <p className="alert-body">{message}</p>
      {onRetry && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
