import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TextAreaField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { Modal } from '@/components/ui/modal';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useForm } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { act, actWithReason, deliverOrder, type Order, type ReasonAction } from '../api/orders';
import { cancelEffect, cancelExplanation } from '../utils/cancel';
import type { OrderSide } from '../utils/status';
import { OrderFilesField } from './order-files-field';

export interface OrderActionsProps {
  order: Order;
  side: OrderSide;
  checkoutHref: string;
  /** An action succeeded: the order as the API answered, and what to tell the viewer. */
  onDone: (order: Order, message: string) => void;
  /** An action was refused (409, 403): the order changed meanwhile, load it again. */
  onRefused: () => void;
}

const otherName = (order: Order, side: OrderSide) =>
  side === 'customer' ? order.agent.full_name : order.customer.full_name;

/**
 * The viewer's actions on the order: exactly those in `order.actions` (the server's answer to
 * "what may this person do now"), as buttons or small forms. Refusals (409 stale state, 403)
 * show their message where the action was, and the order is loaded again.
 */
export function OrderActions({ order, side, checkoutHref, onDone, onRefused }: OrderActionsProps) {
  const actions = new Set(order.actions);
  const other = otherName(order, side);
  const refused = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 409 || error.status === 403)) onRefused();
  };

  if (actions.size === 0)
    return <p className="muted">There is nothing for you to do on this order now.</p>;

  return (
    <div className="order-actions">
      {actions.has('pay') && (
        <Link to={checkoutHref} className="button">
          Pay now ({formatMoney(order.total)})
        </Link>
      )}
      {actions.has('start') && (
        <ActionButton
          label="Start the work"
          hint={`Tells ${other} you have started. Before you start, they may cancel on their own.`}
          onRun={() => act(order.id, 'start')}
          onDone={(next) => onDone(next, 'You started the work.')}
          onRefused={refused}
        />
      )}
      {actions.has('deliver') && (
        <DeliverForm
          order={order}
          onDone={(next) =>
            onDone(next, `Delivered. ${other} can accept it or ask for a revision.`)
          }
          onRefused={refused}
        />
      )}
      {(actions.has('cancel_accept') || actions.has('cancel_decline')) && order.cancellation && (
        <section className="order-action-box" aria-labelledby="cancel-request-title">
          <h3 id="cancel-request-title">{other} asked to cancel</h3>
          <blockquote className="order-quote">{order.cancellation.reason}</blockquote>
          <p className="muted">
            Asked on {formatDateTime(order.cancellation.at)}. Accepting cancels the order
            {order.status === 'pending_payment'
              ? '.'
              : ` and refunds ${formatMoney(order.total)} to ${side === 'customer' ? 'you' : other}.`}
          </p>
          <div className="form-actions">
            {actions.has('cancel_accept') && (
              <ActionButton
                label="Accept the cancellation"
                variant="danger"
                onRun={() => act(order.id, 'cancel_accept')}
                onDone={(next) => onDone(next, 'The order is cancelled.')}
                onRefused={refused}
              />
            )}
            {actions.has('cancel_decline') && (
              <ActionButton
                label="Decline"
                variant="secondary"
                onRun={() => act(order.id, 'cancel_decline')}
                onDone={(next) => onDone(next, 'You declined the cancellation: the order goes on.')}
                onRefused={refused}
              />
            )}
          </div>
        </section>
      )}
      {actions.has('accept') && (
        <AcceptButton
          order={order}
          onDone={(next) => onDone(next, 'You accepted the delivery: the order is complete.')}
          onRefused={refused}
        />
      )}
      {actions.has('revision') && (
        <ReasonForm
          order={order}
          action="revision"
          open="Request a revision"
          label="What should change?"
          submit="Send the revision request"
          hint={`Revisions used: ${order.revisions_used} of ${order.revisions_allowed}. ${other} delivers again.`}
          onDone={(next) => onDone(next, `You asked for a revision. ${other} delivers again.`)}
          onRefused={refused}
        />
      )}
      {actions.has('cancel') && (
        <ReasonForm
          order={order}
          action="cancel"
          open="Cancel the order"
          label="Why do you want to cancel?"
          submit={
            cancelEffect(order, side, new Date()) === 'request'
              ? 'Send the cancellation request'
              : 'Cancel the order now'
          }
          hint={cancelExplanation(order, side, new Date())}
          variant="danger"
          onDone={(next) =>
            onDone(
              next,
              next.status === 'cancelled'
                ? next.refunded.amount > 0
                  ? `The order is cancelled; ${formatMoney(next.refunded)} is refunded.`
                  : 'The order is cancelled.'
                : `You asked ${other} to agree to cancel. The order goes on until they answer.`,
            )
          }
          onRefused={refused}
        />
      )}
      {order.cancellation && order.cancellation.requested_by === side && (
        <p className="muted">
          You asked to cancel on {formatDateTime(order.cancellation.at)}; {other} has not answered
          yet.
        </p>
      )}
      {actions.has('dispute') && (
        <ReasonForm
          order={order}
          action="dispute"
          open="Open a dispute"
          label="What went wrong?"
          submit="Open the dispute"
          hint="An administrator reads both sides and decides: the payment goes to the agent, back to the customer, or is split. Try to settle it in a message first."
          variant="secondary"
          onDone={(next) =>
            onDone(next, 'You opened a dispute. An administrator will look at the order.')
          }
          onRefused={refused}
        />
      )}
    </div>
  );
}

interface ActionProps {
  onDone: (order: Order) => void;
  onRefused: (error: unknown) => void;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;

function ActionButton({
  label,
  hint,
  variant,
  onRun,
  onDone,
  onRefused,
}: ActionProps & {
  label: string;
  hint?: string;
  variant?: 'secondary' | 'danger';
  onRun: () => Promise<Order>;
}) {
  const id = useId();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await onRun();
      setBusy(false);
      onDone(next);
    } catch (caught) {
      setBusy(false);
      setError(messageOf(caught));
      onRefused(caught);
    }
  };
  return (
    <div className="order-action">
      <button
        type="button"
        className={['button', variant ? `button-${variant}` : ''].join(' ').trim()}
        aria-disabled={isBusy || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onClick={() => void run()}
      >
        {isBusy ? 'Please wait…' : label}
      </button>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function AcceptButton({ order, onDone, onRefused }: ActionProps & { order: Order }) {
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await act(order.id, 'accept');
      setBusy(false);
      setOpen(false);
      onDone(next);
    } catch (caught) {
      setBusy(false);
      setError(messageOf(caught));
      onRefused(caught);
    }
  };
  return (
    <div className="order-action">
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Accept the delivery
      </button>
      <Modal
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        title="Accept the delivery?"
        actions={
          <>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setOpen(false)}
            >
              Not yet
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={isBusy || undefined}
              onClick={() => void confirm()}
            >
              {isBusy ? 'Accepting…' : 'Accept and complete'}
            </button>
          </>
        }
      >
        <p>
          Accepting completes the order and releases the payment of {formatMoney(order.total)} to{' '}
          {order.agent.full_name}. You cannot ask for a revision afterwards.
        </p>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </div>
  );
}

/** A button that opens a small form (the form is in the page, not a dialog: phones). */
function Disclosure({
  open,
  variant,
  children,
}: {
  open: string;
  variant?: 'secondary' | 'danger';
  children: ReactNode;
}) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="order-action">
      <button
        type="button"
        className={`button button-secondary${variant === 'danger' ? ' button-danger-text' : ''}`}
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setOpen(!isOpen)}
      >
        {open}
      </button>
      <div id={id} hidden={!isOpen}>
        {isOpen && children}
      </div>
    </div>
  );
}

function ReasonForm({
  order,
  action,
  open,
  label,
  submit,
  hint,
  variant,
  onDone,
  onRefused,
}: ActionProps & {
  order: Order;
  action: ReasonAction;
  open: string;
  label: string;
  submit: string;
  hint: string;
  variant?: 'secondary' | 'danger';
}) {
  return (
    <Disclosure open={open} variant={variant}>
      <ReasonFormBody
        order={order}
        action={action}
        label={label}
        submit={submit}
        hint={hint}
        variant={variant}
        onDone={onDone}
        onRefused={onRefused}
      />
    </Disclosure>
  );
}

function ReasonFormBody({
  order,
  action,
  label,
  submit,
  hint,
  variant,
  onDone,
  onRefused,
}: ActionProps & {
  order: Order;
  action: ReasonAction;
  label: string;
  submit: string;
  hint: string;
  variant?: 'secondary' | 'danger';
}) {
  const form = useForm<{ reason: string }, Order>({
    initialValues: { reason: '' },
    onSubmit: async ({ reason }) => {
      try {
        return await actWithReason(order.id, action, reason);
      } catch (error) {
        onRefused(error);
        throw error;
      }
    },
    onSuccess: (next) => onDone(next),
  });
  return (
    <form className="form order-action-form" onSubmit={form.submit} noValidate aria-label={submit}>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextAreaField
        field={form.field('reason')}
        label={label}
        hint={hint}
        rows={3}
        maxLength={2000}
      />
      <div className="form-actions">
        <SubmitButton
          isBusy={form.isBusy}
          className={variant === 'danger' ? 'button-danger' : undefined}
        >
          {submit}
        </SubmitButton>
      </div>
    </form>
  );
}

function DeliverForm({ order, onDone, onRefused }: ActionProps & { order: Order }) {
  const [files, setFiles] = useState<File[]>([]);
  const again = order.deliveries.length > 0;
  const form = useForm<{ message: string }, Order>({
    initialValues: { message: '' },
    onSubmit: async ({ message }) => {
      try {
        return await deliverOrder(order.id, message, files);
      } catch (error) {
        onRefused(error);
        throw error;
      }
    },
    onSuccess: (next) => {
      setFiles([]);
      onDone(next);
    },
    resetOnSuccess: () => ({ message: '' }),
  });
  return (
    <section className="order-action-box" aria-labelledby="deliver-title">
      <h3 id="deliver-title">{again ? 'Deliver again' : 'Deliver the work'}</h3>
      <form
        className="form order-action-form"
        onSubmit={form.submit}
        noValidate
        aria-labelledby="deliver-title"
      >
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <TextAreaField
          field={form.field('message')}
          label="Message to the customer"
          hint={
            order.status === 'revision_requested' && order.revision_requests.length
              ? `They asked: “${order.revision_requests[order.revision_requests.length - 1]!.reason}”`
              : 'What you delivered, and anything they should know.'
          }
          rows={4}
          maxLength={5000}
        />
        <OrderFilesField
          label="Delivery files (optional)"
          files={files}
          onChange={setFiles}
          error={form.state.errors.files?.[0]}
        />
        <div className="form-actions">
          <SubmitButton isBusy={form.isBusy} busyText="Delivering…">
            {again ? 'Deliver again' : 'Deliver'}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
