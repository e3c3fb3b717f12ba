import type { ReactNode } from 'react';
import './form.css';

/**
 * Label, control, hint and error of one field, linked for assistive technology: the control is
 * rendered by `children` with the id and ARIA attributes to put on it (the gig and job forms).
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string[];
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error?.length ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error?.length ? (
        <p id={`${id}-error`} className="field-error" data-field-error>
          {error.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
