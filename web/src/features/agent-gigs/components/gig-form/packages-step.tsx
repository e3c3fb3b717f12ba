import { TIER_LABELS, TIERS, type PackageValues, type Tier } from '../../utils/gig-form';
import { Field } from '@/components/form/render-field';
import type { StepProps } from './types';

export interface PackagesStepProps extends StepProps {
  setPackage: (tier: Tier, key: keyof PackageValues, value: string | boolean) => void;
}

/** Step 2: one to three packages (Basic, Standard, Premium), each with its own fields. */
export function PackagesStep({ values, errors, id, setPackage }: PackagesStepProps) {
  return (
    <>
      <p className="muted">
        Offer one to three packages. Buyers compare them side by side on the gig page.
      </p>
      {errors.packages && (
        <p className="field-error" role="alert" data-field-error>
          {errors.packages.join(' ')}
        </p>
      )}
      <div className="gig-form-packages">
        {TIERS.map((tier) => {
          const pkg = values[tier];
          return (
            <fieldset key={tier} className="gig-form-package form-section" data-tier={tier}>
              <legend>{TIER_LABELS[tier]}</legend>
              <div className="field field-checkbox">
                <input
                  id={id(`${tier}.enabled`)}
                  type="checkbox"
                  checked={pkg.enabled}
                  onChange={(e) => setPackage(tier, 'enabled', e.target.checked)}
                />
                <label htmlFor={id(`${tier}.enabled`)}>Offer a {TIER_LABELS[tier]} package</label>
              </div>
              {pkg.enabled && (
                <>
                  <Field
                    id={id(`${tier}.name`)}
                    label={`${TIER_LABELS[tier]}: name`}
                    error={errors[`${tier}.name`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        value={pkg.name}
                        maxLength={40}
                        onChange={(e) => setPackage(tier, 'name', e.target.value)}
                      />
                    )}
                  </Field>
                  <Field
                    id={id(`${tier}.price`)}
                    label={`${TIER_LABELS[tier]}: price (USD)`}
                    hint="From 5 to 100,000, such as 45 or 45.50."
                    error={errors[`${tier}.price`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        inputMode="decimal"
                        value={pkg.price}
                        onChange={(e) => setPackage(tier, 'price', e.target.value)}
                      />
                    )}
                  </Field>
                  <div className="form-grid">
                    <Field
                      id={id(`${tier}.delivery_days`)}
                      label={`${TIER_LABELS[tier]}: delivery (days)`}
                      error={errors[`${tier}.delivery_days`]}
                    >
                      {(props) => (
                        <input
                          {...props}
                          inputMode="numeric"
                          value={pkg.delivery_days}
                          onChange={(e) => setPackage(tier, 'delivery_days', e.target.value)}
                        />
                      )}
                    </Field>
                    <Field
                      id={id(`${tier}.revisions`)}
                      label={`${TIER_LABELS[tier]}: revisions`}
                      error={errors[`${tier}.revisions`]}
                    >
                      {(props) => (
                        <input
                          {...props}
                          inputMode="numeric"
                          value={pkg.revisions}
                          onChange={(e) => setPackage(tier, 'revisions', e.target.value)}
                        />
                      )}
                    </Field>
                  </div>
                  <Field
                    id={id(`${tier}.includes`)}
                    label={`${TIER_LABELS[tier]}: what's included`}
                    hint="One item per line, up to 10."
                    error={errors[`${tier}.includes`]}
                  >
                    {(props) => (
                      <textarea
                        {...props}
                        rows={4}
                        value={pkg.includes}
                        onChange={(e) => setPackage(tier, 'includes', e.target.value)}
                      />
                    )}
                  </Field>
                  <Field
                    id={id(`${tier}.description`)}
                    label={`${TIER_LABELS[tier]}: short description`}
                    error={errors[`${tier}.description`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        value={pkg.description}
                        maxLength={300}
                        onChange={(e) => setPackage(tier, 'description', e.target.value)}
                      />
                    )}
                  </Field>
                </>
              )}
            </fieldset>
          );
        })}
      </div>
    </>
  );
}
