import type { ExtraValues } from '../../utils/gig-form';
import { Field } from '@/components/form/render-field';
import type { SetValue, StepProps } from './types';

export interface ExtrasStepProps extends StepProps {
  set: SetValue;
  setExtra: (index: number, key: keyof ExtraValues, value: string) => void;
}

/** Step 3: optional add-ons (up to 10), added and removed here. */
export function ExtrasStep({ values, errors, id, set, setExtra }: ExtrasStepProps) {
  return (
    <>
      <p className="muted">
        Optional add-ons a buyer can choose with any package, such as airport pick-up.
      </p>
      {values.extras.length === 0 && <p>No extras yet.</p>}
      {values.extras.map((extra, index) => (
        <fieldset key={index} className="gig-extra form-section">
          <legend>Extra {index + 1}</legend>
          <div className="form-grid">
            <Field
              id={id(`extras.${index}.title`)}
              label={`Extra ${index + 1}: title`}
              error={errors[`extras.${index}.title`]}
            >
              {(props) => (
                <input
                  {...props}
                  value={extra.title}
                  maxLength={60}
                  onChange={(e) => setExtra(index, 'title', e.target.value)}
                />
              )}
            </Field>
            <Field
              id={id(`extras.${index}.price`)}
              label={`Extra ${index + 1}: price (USD)`}
              error={errors[`extras.${index}.price`]}
            >
              {(props) => (
                <input
                  {...props}
                  inputMode="decimal"
                  value={extra.price}
                  onChange={(e) => setExtra(index, 'price', e.target.value)}
                />
              )}
            </Field>
            <Field
              id={id(`extras.${index}.delivery_days`)}
              label={`Extra ${index + 1}: extra days`}
              error={errors[`extras.${index}.delivery_days`]}
            >
              {(props) => (
                <input
                  {...props}
                  inputMode="numeric"
                  value={extra.delivery_days}
                  onChange={(e) => setExtra(index, 'delivery_days', e.target.value)}
                />
              )}
            </Field>
          </div>
          <button
            type="button"
            className="button button-ghost"
            onClick={() =>
              set(
                'extras',
                values.extras.filter((_, i) => i !== index),
              )
            }
          >
            Remove extra {index + 1}
          </button>
        </fieldset>
      ))}
      {errors.extras && (
        <p className="field-error" data-field-error>
          {errors.extras.join(' ')}
        </p>
      )}
      {values.extras.length < 10 && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            set('extras', [...values.extras, { title: '', price: '', delivery_days: '0' }])
          }
        >
          Add an extra
        </button>
      )}
    </>
  );
}
