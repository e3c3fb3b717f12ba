import type { FieldBinding } from '@/lib/form';
import './stars.css';

const STARS = [1, 2, 3, 4, 5] as const;

/** "★★★★☆ 4.0": a rating to read (the stars are decoration; the number is what is said). */
export function Stars({ value, label }: { value: number; label?: string }) {
  const full = Math.round(value);
  return (
    <span
      className="review-stars"
      role="img"
      aria-label={`${label ? `${label}: ` : ''}${value.toFixed(1)} out of 5 stars`}
    >
      <span aria-hidden="true" className="review-stars-glyphs">
        {STARS.map((n) => (n <= full ? '★' : '☆')).join('')}
      </span>
    </span>
  );
}

export interface StarInputProps {
  field: FieldBinding<number>;
  legend: string;
}

/**
 * Choosing 1 to 5 stars: a group of radio buttons drawn as stars, so the keyboard works as for
 * any radio group (Tab in, arrows to change) and a screen reader says "3 stars, 3 of 5".
 */
export function StarInput({ field, legend }: StarInputProps) {
  return (
    <fieldset
      className="field star-input"
      aria-invalid={field.error ? true : undefined}
      aria-describedby={field.error ? field.errorId : undefined}
    >
      <legend>{legend}</legend>
      <div className="star-input-row">
        {STARS.map((n) => {
          const id = `${field.id}-${n}`;
          return (
            <span key={n} className="star-input-star">
              <input
                id={id}
                type="radio"
                name={field.id}
                value={n}
                checked={field.value === n}
                onChange={() => field.onChange(n)}
                className="visually-hidden"
              />
              <label htmlFor={id} data-on={n <= field.value || undefined}>
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
              </label>
            </span>
          );
        })}
        <span className="muted star-input-value" aria-hidden="true">
          {field.value ? `${field.value} of 5` : 'Not rated'}
        </span>
      </div>
      {field.error && (
        <p id={field.errorId} className="field-error">
          {field.error}
        </p>
      )}
    </fieldset>
  );
}
