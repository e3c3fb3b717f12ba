import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { listOwnGigs, sendOffer, updateOffer, type Offer, type OfferFields } from '../api/jobs';
import { CURRENCY, MIN_AMOUNT } from '../utils/job-form';
import { Field } from '@/components/form/render-field';

interface Values {
  price: string;
  delivery_days: string;
  revisions: string;
  message: string;
  gig_id: string;
}

type Errors = Partial<Record<keyof Values | 'form', string[]>>;

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The form's values as the API's offer fields, or the errors found. */
function toOfferFields(values: Values): { fields: OfferFields } | { errors: Errors } {
  const errors: Errors = {};
  const price = toMinorUnits(values.price, CURRENCY);
  if (price === null || price < MIN_AMOUNT)
    errors.price = ['Enter your price in US dollars (5 or more), such as 450 or 449.99.'];
  const days = whole(values.delivery_days);
  if (days === null || days < 1 || days > 90)
    errors.delivery_days = ['Enter the delivery time, 1 to 90 days.'];
  const revisions = whole(values.revisions);
  if (revisions === null || revisions > 20)
    errors.revisions = ['Enter how many revisions you include, 0 to 20.'];
  if (values.message.trim().length < 20)
    errors.message = ['Tell the customer about your offer in at least 20 characters.'];
  if (Object.keys(errors).length) return { errors };
  return {
    fields: {
      price: { amount: price ?? 0, currency: CURRENCY },
      delivery_days: days ?? 1,
      revisions: revisions ?? 0,
      message: values.message.trim(),
      gig_id: values.gig_id || null,
    },
  };
}

function toErrors(errors: Record<string, string[]>): Errors {
  const found: Errors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const head = field.split('.')[0] ?? '';
    const key = (
      ['price', 'delivery_days', 'revisions', 'message', 'gig_id'].includes(head) ? head : 'form'
    ) as keyof Errors;
    found[key] = [...(found[key] ?? []), ...messages];
  }
  return found;
}

/** An agent's offer on a job: a new one, or editing theirs while it is not accepted. */
export function OfferForm({
  jobId,
  offer,
  onSaved,
  onCancel,
}: {
  jobId: string;
  offer?: Offer;
  onSaved: (offer: Offer) => void;
  onCancel?: () => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<Values>(() => ({
    price: offer ? fromMinorUnits(offer.price.amount, offer.price.currency, true) : '',
    delivery_days: offer ? String(offer.delivery_days) : '',
    revisions: offer ? String(offer.revisions) : '1',
    message: offer?.message ?? '',
    gig_id: offer?.gig?.id ?? '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [isBusy, setBusy] = useState(false);
  const { resource: gigs } = useResource('own-gigs', (signal) => listOwnGigs({ signal }));
  const activeGigs = gigs.status === 'ready' ? gigs.data.filter((g) => g.status === 'active') : [];
  const id = (key: string) => `${formId}-${key}`;
  const set = (key: keyof Values, value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    if (isBusy) return;
    const checked = toOfferFields(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = offer
        ? await updateOffer(offer.id, checked.fields)
        : await sendOffer(jobId, checked.fields);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length)
        setErrors({ ...toErrors(error.errors), form: [error.message] });
      else
        setErrors({
          form: [error instanceof Error ? error.message : 'The offer could not be sent.'],
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form card offer-form"
      noValidate
      aria-label={offer ? 'Edit your offer' : 'Send an offer'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{offer ? 'Edit your offer' : 'Send an offer'}</h2>
      {errors.form && (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{errors.form.join(' ')}</p>
        </div>
      )}
      <div className="form-grid">
        <Field id={id('price')} label="Price (US$)" error={errors.price}>
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              value={values.price}
              onChange={(e) => set('price', e.target.value)}
            />
          )}
        </Field>
        <Field id={id('delivery_days')} label="Delivery (days)" error={errors.delivery_days}>
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={values.delivery_days}
              onChange={(e) => set('delivery_days', e.target.value)}
            />
          )}
        </Field>
        <Field id={id('revisions')} label="Revisions" error={errors.revisions}>
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={values.revisions}
              onChange={(e) => set('revisions', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field id={id('message')} label="Message to the customer" error={errors.message}>
        {(props) => (
          <textarea
            {...props}
            rows={5}
            maxLength={5000}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
          />
        )}
      </Field>
      <Field id={id('gig_id')} label="Based on one of your gigs (optional)" error={errors.gig_id}>
        {(props) => (
          <select {...props} value={values.gig_id} onChange={(e) => set('gig_id', e.target.value)}>
            <option value="">No gig: a custom offer</option>
            {values.gig_id && !activeGigs.some((g) => g.id === values.gig_id) && (
              <option value={values.gig_id}>{offer?.gig?.title ?? values.gig_id}</option>
            )}
            {activeGigs.map((gig) => (
              <option key={gig.id} value={gig.id}>
                {gig.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={isBusy || undefined}>
          {isBusy ? 'Sending…' : offer ? 'Save offer' : 'Send offer'}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
