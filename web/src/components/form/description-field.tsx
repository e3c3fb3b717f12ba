import type { ReactNode } from 'react';
import { Markdown } from '@/components/ui/markdown';
import './form.css';

export interface DescriptionFieldProps {
  /** The textarea's id; its hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string[];
  hint: ReactNode;
  /** Whether the text shows rendered (Preview) instead of as typed (Write). */
  isPreview: boolean;
  setPreview: (isPreview: boolean) => void;
  rows: number;
  maxLength: number;
  /**
   * The feature's class names for the label row, the Write/Preview toggle and the preview; the
   * shared ones of form.css when not given.
   */
  classNames?: { head: string; toggle: string; preview: string };
}

const DEFAULT_CLASS_NAMES = {
  head: 'description-head',
  toggle: 'description-toggle',
  preview: 'description-preview',
};

/** The Markdown description with a Write/Preview toggle (the job, project and gig forms). */
export function DescriptionField({
  id,
  value,
  onChange,
  error,
  hint,
  isPreview,
  setPreview,
  rows,
  maxLength,
  classNames = DEFAULT_CLASS_NAMES,
}: DescriptionFieldProps) {
  return (
    <div className="field">
      <div className={classNames.head}>
        <label htmlFor={id}>Description</label>
        <div role="group" aria-label="Description view" className={classNames.toggle}>
          <button type="button" aria-pressed={!isPreview} onClick={() => setPreview(false)}>
            Write
          </button>
          <button type="button" aria-pressed={isPreview} onClick={() => setPreview(true)}>
            Preview
          </button>
        </div>
      </div>
      {isPreview ? (
        <div className={classNames.preview} data-testid="description-preview">
          {value.trim() ? (
            <Markdown shiftHeadings>{value}</Markdown>
          ) : (
            <p className="muted">Nothing to preview yet.</p>
          )}
        </div>
      ) : (
        <textarea
          id={id}
          rows={rows}
          value={value}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" data-field-error>
          {error.join(' ')}
        </p>
      )}
    </div>
  );
}
