import type { ReactNode } from 'react';

/** What a save said: an error (with the form's details), or that it waits for a connection. */
export interface SaveAlert {
  kind: 'error' | 'offline';
  text: string;
  details?: string[];
}

export interface ConnectionAlertsProps {
  isOnline: boolean;
  /** Shown while offline. */
  offlineText: ReactNode;
  /** Shown while a save waits for the connection (and no alert is up); null when none waits. */
  waitingText?: ReactNode | null;
  alert: SaveAlert | null;
  /** The feature's class for the offline notices, such as `job-offline`. */
  offlineClassName: string;
  testIds: { waiting?: string; alert: string };
}

/**
 * Above a form that is saved offline and sent once the connection is back: that the device is
 * offline, that a save waits for the connection, and what the last save said.
 */
export function ConnectionAlerts({
  isOnline,
  offlineText,
  waitingText = null,
  alert,
  offlineClassName,
  testIds,
}: ConnectionAlertsProps) {
  return (
    <>
      {!isOnline && (
        <p className={`alert ${offlineClassName}`} role="status">
          {offlineText}
        </p>
      )}
      {waitingText !== null && !alert && (
        <p className={`alert ${offlineClassName}`} role="status" data-testid={testIds.waiting}>
          {waitingText}
        </p>
      )}
      {alert && (
        <div
          className={alert.kind === 'offline' ? `alert ${offlineClassName}` : 'alert alert-error'}
          role="alert"
          data-testid={testIds.alert}
        >
          <div>
            <p className="alert-title">{alert.text}</p>
            {alert.details?.length ? (
              <ul className="alert-details">
                {alert.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      )}
    </>
  );
}
