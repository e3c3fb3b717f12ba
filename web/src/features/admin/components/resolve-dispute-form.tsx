import { useState, type FormEvent } from 'react';
import { ChoiceField, TextAreaField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import '@/components/form/form.css';
import { Modal } from '@/components/ui/modal';
import { ApiError, INPUT_ERROR_MESSAGE } from '@/lib/api-client';
import { useForm, type FieldBinding } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { notify } from '@/stores/notification';
import { resolveDispute } from '../api/orders';
import type { Order } from '../types';
import {
  buildResolution,
  describeResolution,
  EMPTY_RESOLVE_FORM,
  type BuiltResolution,
  type ResolveFormValues,
} from '../utils/dispute-resolution';

type Review = Extract<BuiltResolution, { ok: true }>;

export interface ResolveDisputeFormProps {
  order: Order;
  /** The order as the server answered: resolved. */
  onResolved: (order: Order) => void;
  /** The order changed under the form (409): load it again. */
  onStale: () => void;
}

/**
 * The admin's decision on a dispute: complete (the escrow goes to the agent) or refund (all, or
 * an amount typed in the order's currency), with a note both parties see. The form checks what
 * it can, asks once more with what will happen to the money, then sends; the server's field
 * errors show by their fields.
 */
export function ResolveDisputeForm({ order, onResolved, onStale }: ResolveDisputeFormProps) {
  const [review, setReview] = useState<Review | null>(null);
  const total = formatMoney(order.total);
  const form = useForm<ResolveFormValues, Order>({
    initialValues: EMPTY_RESOLVE_FORM,
    onSubmit: async (values) => {
      const built = buildResolution(values, order.total);
      // The same sentences the server would send, without the round trip.
      if (!built.ok) throw new ApiError(422, INPUT_ERROR_MESSAGE, built.errors);
      try {
        return await resolveDispute(order.id, built.resolution);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onStale();
        throw error;
      }
    },
    onSuccess: (resolved) => {
      notify('The dispute is resolved. Both parties see the outcome and your note.');
      onResolved(resolved);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildResolution(form.values, order.total);
    // Invalid: submitting puts the errors by their fields; nothing is sent.
    if (!built.ok) void form.submit();
    else setReview(built);
  };
  const confirm = () => {
    setReview(null);
    void form.submit();
  };

  const outcome = form.values.outcome;
  return (
    <form className="form resolve-form" onSubmit={onSubmit} noValidate>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <ChoiceField
        field={form.field('outcome')}
        legend="Outcome"
        choices={[
          {
            value: 'complete',
            label: 'Complete the order',
            description: `Release the escrow to ${order.agent.full_name}: ${formatMoney(order.agent_earnings)} after the ${formatMoney(order.fee)} fee.`,
          },
          {
            value: 'refund',
            label: 'Refund the customer',
            description: `Give ${order.customer.full_name} back all or part of the ${total}.`,
          },
        ]}
      />
      {outcome === 'refund' && (
        <ChoiceField
          field={form.field('refund') as FieldBinding<ResolveFormValues['refund'] | ''>}
          legend="Refund"
          choices={[
            {
              value: 'full',
              label: `Full refund, ${total}`,
              description: 'The order is cancelled; the agent is paid nothing.',
            },
            {
              value: 'partial',
              label: 'Partial refund',
              description: 'An amount you choose; the rest goes to the agent, less the fee.',
            },
          ]}
        />
      )}
      {outcome === 'refund' && form.values.refund === 'partial' && (
        <TextField
          field={form.field('refund_amount')}
          label={`Refund amount (${order.total.currency})`}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          hint={`More than nothing and at most ${total}, such as 25 or 25.50.`}
        />
      )}
      <TextAreaField
        field={form.field('note')}
        label="Note to both parties"
        rows={4}
        maxLength={2000}
        hint="The customer and the agent both see it with the outcome. 5 to 2,000 characters."
      />
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Resolving…">
          Resolve dispute
        </SubmitButton>
      </div>
      <Modal
        isOpen={review !== null}
        onClose={() => setReview(null)}
        title="Resolve this dispute?"
        actions={
          <>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setReview(null)}
            >
              Cancel
            </button>
            <button type="button" className="button" onClick={confirm}>
              Confirm and resolve
            </button>
          </>
        }
      >
        {review && (
          <div className="confirm-body">
            <p>{describeResolution(order, review.refund)}</p>
            <p>This cannot be undone. Both parties see your note:</p>
            <blockquote className="order-text">{review.resolution.note}</blockquote>
          </div>
        )}
      </Modal>
    </form>
  );
}
