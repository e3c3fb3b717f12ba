import { useEffect, useRef, type ReactNode } from 'react';
import type { AlertContent } from '@/lib/form';
import './form.css';

export interface ErrorAlertProps {
  alert: AlertContent | null;
  /** Dismissing clears the form's errors (spec section 8). */
  onDismiss: () => void;
}

/** The form's error alert (spec section 8): dismissible; default text for field-only errors. */
export function ErrorAlert({ alert, onDismiss }: ErrorAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  const title = alert?.title;
  useEffect(() => {
    // Bring the alert into view on a long form; focus stays where the user was.
    if (title) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [title]);
  if (!alert) return null;
  return (
    <div ref={ref} className="alert alert-error" role="alert">
      <div className="alert-body">
        <p className="alert-title">{alert.title}</p>
        {alert.details.length > 0 && (
          <ul className="alert-details">
            {alert.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
      </div>
      <DismissButton onClick={onDismiss} />
    </div>
  );
}

export interface SuccessAlertProps {
  isShown: boolean;
  children: ReactNode;
  onDismiss?: () => void;
}

/** The form's success alert (spec section 8). */
export function SuccessAlert({ isShown, children, onDismiss }: SuccessAlertProps) {
  if (!isShown) return null;
  return (
    <div className="alert alert-success" role="status">
      <div className="alert-body">{children}</div>
      {onDismiss && <DismissButton onClick={onDismiss} />}
    </div>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="alert-dismiss" onClick={onClick} aria-label="Dismiss">
      <span aria-hidden="true">×</span>
    </button>
  );
}

export interface SubmitButtonProps {
  isBusy: boolean;
  children: ReactNode;
  busyText?: ReactNode;
  className?: string;
}

/** The form's submit button; stays focusable while busy and says so. */
export function SubmitButton({ isBusy, children, busyText, className }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={['button', className].filter(Boolean).join(' ')}
      aria-disabled={isBusy || undefined}
      data-busy={isBusy || undefined}
    >
      {isBusy ? (busyText ?? 'Please wait…') : children}
    </button>
  );
}
