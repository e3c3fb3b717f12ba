import type { Gig, GigPackage } from '@wayfarer/api/schemas';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChoiceField, TextAreaField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { useUploadProgress } from '@/components/form/file-drop';
import { ApiError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { useForm, type FieldBinding } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { createOrder, uploadAttachments, type Order } from '../api/orders';
import { newIdempotencyKey } from '../utils/idempotency';
import { packagesInOrder, priceSummary, TIER_LABELS, type PriceSummary } from '../utils/price';
import { OrderFilesField } from './order-files-field';
import './orders.css';

type Tier = GigPackage['tier'];

interface OrderValues {
  tier: Tier | '';
  extras: number[];
  service_date: string;
  service_end_date: string;
  travellers: string;
  meeting_place: string;
  requirements: string;
}

export interface OrderFormProps {
  gig: Gig;
  /** The package chosen on the gig page, if any. */
  initialTier?: string | null;
  /** After the order is placed (and its files uploaded): on to the checkout. */
  onPlaced: (order: Order) => void;
  /** The conversation with the agent about a package, for questions before ordering. */
  askHref?: (pkg: GigPackage) => string | null;
  /** Where the checkout of a placed order is (when only its files failed). */
  checkoutHref: (orderId: string) => string;
}

/** Today in the device's time zone, as a date input's value. */
function today(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

const days = (n: number) => plural(n, 'day');

/**
 * Ordering a gig: a package, extras, the travel details, the requirements and their files, with
 * the price summed up as it changes. One Idempotency-Key per form, so submitting twice (a double
 * click, a retry after a lost answer) places one order; then the files are uploaded and the
 * customer goes on to pay.
 */
export function OrderForm({ gig, initialTier, onPlaced, askHref, checkoutHref }: OrderFormProps) {
  const ids = useId();
  const packages = packagesInOrder(gig.packages);
  const firstTier =
    packages.find((p) => p.tier === initialTier)?.tier ?? packages[0]?.tier ?? ('' as const);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [isMultiDay, setMultiDay] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadProgress();
  // A placed order whose files are still to upload: a retry uploads them, it places nothing new.
  const placed = useRef<Order | null>(null);
  const [placedId, setPlacedId] = useState<string | null>(null);

  const form = useForm<OrderValues, Order>({
    initialValues: {
      tier: firstTier,
      extras: [],
      service_date: '',
      service_end_date: '',
      travellers: '1',
      meeting_place: '',
      requirements: '',
    },
    onSubmit: async (values) => {
      const travellers = /^\s*\d+\s*$/.test(values.travellers) ? Number(values.travellers) : null;
      const order =
        placed.current ??
        (await createOrder(
          {
            gig_id: gig.id,
            tier: values.tier as Tier,
            extras: values.extras,
            service_date: values.service_date,
            service_end_date:
              isMultiDay && values.service_end_date ? values.service_end_date : null,
            travellers,
            meeting_place: values.meeting_place.trim() || null,
            requirements: values.requirements,
          },
          idempotencyKey,
        ));
      placed.current = order;
      if (files.length > 0) {
        try {
          await upload.track((send) => uploadAttachments(order.id, files, send));
        } catch (error) {
          setPlacedId(order.id);
          const reason = error instanceof ApiError ? error.message : 'The upload failed.';
          throw new ApiError(
            error instanceof ApiError ? error.status : 0,
            `Your order is placed, but its files could not be uploaded: ${reason} Change the files and try again, or go on to pay and add them from the order page.`,
          );
        }
        setFiles([]);
      }
      return order;
    },
    onSuccess: (order) => onPlaced(order),
  });

  const { values } = form;
  const summary = values.tier ? priceSummary(gig, values.tier, values.extras) : null;
  const chosen = packages.find((p) => p.tier === values.tier);
  const ask = chosen && askHref ? askHref(chosen) : null;

  const toggleExtra = (index: number, isOn: boolean) => {
    const next = isOn
      ? [...values.extras, index].sort((a, b) => a - b)
      : values.extras.filter((i) => i !== index);
    form.setValue('extras', next);
  };

  return (
    <form
      className="form order-form"
      onSubmit={form.submit}
      noValidate
      aria-labelledby={`${ids}-title`}
    >
      <h2 id={`${ids}-title`} className="visually-hidden">
        Order details
      </h2>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      {placedId && (
        <p>
          <Link to={checkoutHref(placedId)}>Go on to pay without the files</Link>
        </p>
      )}

      <ChoiceField
        field={form.field('tier')}
        legend="Package"
        choices={packages.map((pkg) => ({
          value: pkg.tier,
          label: (
            <>
              {TIER_LABELS[pkg.tier]}: {pkg.name} · {formatMoney(pkg.price)}
            </>
          ),
          description: [
            `${days(pkg.delivery_days)} delivery`,
            pkg.revisions === 0 ? 'no revisions' : plural(pkg.revisions, 'revision'),
            ...(pkg.includes.length ? [pkg.includes.join(', ')] : []),
          ].join(' · '),
        }))}
      />
      {ask && (
        <p className="muted order-ask">
          Questions first?{' '}
          <Link to={ask}>
            Ask {gig.owner.full_name} about the {chosen ? TIER_LABELS[chosen.tier] : ''} package
          </Link>
        </p>
      )}

      {gig.extras.length > 0 && (
        <fieldset
          className="field order-extras"
          aria-describedby={form.field('extras').error ? `${ids}-extras-error` : undefined}
        >
          <legend>Extras (optional)</legend>
          {gig.extras.map((extra, index) => {
            const id = `${ids}-extra-${index}`;
            return (
              <div key={extra.title} className="field-checkbox">
                <input
                  id={id}
                  type="checkbox"
                  checked={values.extras.includes(index)}
                  onChange={(event) => toggleExtra(index, event.target.checked)}
                />
                <label htmlFor={id}>
                  {extra.title}: +{formatMoney(extra.price)}
                  {extra.delivery_days > 0 && `, +${days(extra.delivery_days)}`}
                </label>
              </div>
            );
          })}
          {form.field('extras').error && (
            <p id={`${ids}-extras-error`} className="field-error">
              {form.field('extras').error}
            </p>
          )}
        </fieldset>
      )}

      <fieldset className="field order-travel">
        <legend>Travel details</legend>
        <div className="order-travel-grid">
          <DateField
            field={form.field('service_date')}
            label={isMultiDay ? 'First day' : 'Date of the service'}
            min={today()}
          />
          {isMultiDay && (
            <DateField
              field={form.field('service_end_date')}
              label="Last day"
              min={values.service_date || today()}
            />
          )}
        </div>
        <div className="field-checkbox">
          <input
            id={`${ids}-multi`}
            type="checkbox"
            checked={isMultiDay}
            onChange={(event) => setMultiDay(event.target.checked)}
          />
          <label htmlFor={`${ids}-multi`}>It lasts several days</label>
        </div>
        <TextField
          field={form.field('travellers')}
          label="Number of travellers"
          inputMode="numeric"
          autoComplete="off"
          className="order-travellers"
        />
        <TextField
          field={form.field('meeting_place')}
          label="Meeting place or destination (optional)"
          hint="Where the agent meets you, or where you are going."
          maxLength={200}
        />
      </fieldset>

      <TextAreaField
        field={form.field('requirements')}
        label="Requirements (optional)"
        hint="What the agent needs to know: ages, diets, accessibility, interests, times."
        rows={5}
        maxLength={5000}
      />
      <OrderFilesField
        label="Requirement files (optional)"
        files={files}
        onChange={setFiles}
        progress={upload.progress}
      />

      {summary && <PriceSummaryCard summary={summary} />}

      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Placing your order…">
          {summary ? `Continue to payment (${formatMoney(summary.total)})` : 'Continue to payment'}
        </SubmitButton>
      </div>
      <p className="muted">
        You pay on the next page. The payment is held in escrow and goes to {gig.owner.full_name}{' '}
        only when you accept the work (or three days after the delivery).
      </p>
    </form>
  );
}

function DateField({
  field,
  label,
  min,
}: {
  field: FieldBinding<string>;
  label: string;
  min: string;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        id={field.id}
        name={field.name}
        type="date"
        min={min}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? field.errorId : undefined}
      />
      {field.error && (
        <p id={field.errorId} className="field-error">
          {field.error}
        </p>
      )}
    </div>
  );
}

/** Package + extras = total, and the delivery time; read out when it changes. */
function PriceSummaryCard({ summary }: { summary: PriceSummary }) {
  const id = useId();
  return (
    <section className="card order-summary" aria-labelledby={id}>
      <h3 id={id}>Price summary</h3>
      <table className="order-summary-table">
        <caption className="visually-hidden">What you pay</caption>
        <tbody>
          {summary.lines.map((line, index) => (
            <tr key={`${line.label}-${index}`}>
              <th scope="row">{line.label}</th>
              <td>{formatMoney(line.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-testid="order-total">{formatMoney(summary.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p aria-live="polite" className="order-summary-note">
        Total {formatMoney(summary.total)} · delivery in {days(summary.delivery_days)} ·{' '}
        {summary.revisions === 0 ? 'no revisions' : plural(summary.revisions, 'revision')}
      </p>
    </section>
  );
}
