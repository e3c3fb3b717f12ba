// Form fields bound to `useForm` (lib/form.ts). Every input has a label; a field's hint and error
// are linked with aria-describedby, and an error sets aria-invalid.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { FieldBinding } from '@/lib/form';
import './form.css';

/** The ids a field's messages need, whatever its value type. */
type FieldIds = Pick<FieldBinding<unknown>, 'error' | 'errorId' | 'hintId'>;

function describedBy(binding: FieldIds, hasHint: boolean, extra?: string) {
  const ids = [extra, hasHint ? binding.hintId : null, binding.error ? binding.errorId : null];
  const value = ids.filter(Boolean).join(' ');
  return value || undefined;
}

function FieldMessages({
  binding,
  hint,
  announce,
}: {
  binding: FieldIds;
  hint?: ReactNode;
  announce?: boolean;
}) {
  return (
    <>
      {hint && (
        <p id={binding.hintId} className="field-hint">
          {hint}
        </p>
      )}
      {binding.error && (
        <p id={binding.errorId} className="field-error" role={announce ? 'alert' : undefined}>
          {binding.error}
        </p>
      )}
    </>
  );
}

type NativeInput = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'type' | 'children'
>;

export interface TextFieldProps extends NativeInput {
  field: FieldBinding<string>;
  label: ReactNode;
  type?: 'text' | 'email' | 'password' | 'search' | 'url' | 'tel';
  hint?: ReactNode;
  /** Extra content after the input (a live status line). */
  after?: ReactNode;
  /** Ids of further descriptions (such as `after`'s). */
  describedById?: string;
  /** Announce the error as it appears (role="alert"): a one-field form with no alert above it. */
  announceError?: boolean;
}

export function TextField({
  field,
  label,
  type = 'text',
  hint,
  after,
  describedById,
  announceError,
  className,
  ...rest
}: TextFieldProps) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id}>{label}</label>
      <input
        {...rest}
        id={field.id}
        name={field.name}
        type={type}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, !!hint, describedById)}
      />
      {after}
      <FieldMessages binding={field} hint={hint} announce={announceError} />
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'name' | 'value' | 'onChange' | 'children'
> {
  field: FieldBinding<string>;
  label: ReactNode;
  hint?: ReactNode;
}

export function TextAreaField({ field, label, hint, className, ...rest }: TextAreaFieldProps) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id}>{label}</label>
      <textarea
        rows={4}
        {...rest}
        id={field.id}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, !!hint)}
      />
      <FieldMessages binding={field} hint={hint} />
    </div>
  );
}

export interface CheckboxFieldProps {
  field: FieldBinding<boolean>;
  label: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField({ field, label, hint }: CheckboxFieldProps) {
  return (
    <div className="field field-checkbox">
      <input
        id={field.id}
        name={field.name}
        type="checkbox"
        checked={field.value}
        onChange={(event) => field.onChange(event.target.checked)}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, !!hint)}
      />
      <label htmlFor={field.id}>{label}</label>
      <FieldMessages binding={field} hint={hint} />
    </div>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  description?: ReactNode;
}

export interface ChoiceFieldProps<T extends string> {
  field: FieldBinding<T | ''>;
  legend: ReactNode;
  choices: readonly Choice<T>[];
  hint?: ReactNode;
}

/** Radio buttons shown as cards, one line of description each. */
export function ChoiceField<T extends string>({
  field,
  legend,
  choices,
  hint,
}: ChoiceFieldProps<T>) {
  return (
    <fieldset
      className="field choice-field"
      aria-describedby={describedBy(field, !!hint)}
      aria-invalid={field.error ? true : undefined}
    >
      <legend>{legend}</legend>
      <div className="choice-list">
        {choices.map((choice) => {
          const id = `${field.id}-${choice.value}`;
          return (
            <div key={choice.value} className="choice">
              <input
                id={id}
                type="radio"
                name={field.name}
                value={choice.value}
                checked={field.value === choice.value}
                onChange={() => field.onChange(choice.value)}
                aria-describedby={
                  [
                    choice.description ? `${id}-description` : null,
                    field.error ? field.errorId : null,
                  ]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              />
              <label htmlFor={id}>
                <span className="choice-label">{choice.label}</span>
                {choice.description && (
                  <span id={`${id}-description`} className="choice-description">
                    {choice.description}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </div>
      <FieldMessages binding={field} hint={hint} />
    </fieldset>
  );
}
