import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TextAreaField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { useUploadProgress } from '@/components/form/file-drop';
import { Modal } from '@/components/ui/modal';
import { ApiError, GENERIC_ERROR_MESSAGE, INPUT_ERROR_MESSAGE, type Send } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useForm } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { offlineActions, queueOrderAction, type OfflineOrderAction } from '../api/device-orders';
import { act, actWithReason, deliverOrder, type Order } from '../api/orders';
import { cancelEffect, cancelExplanation } from '../utils/cancel';
import type { OrderSide } from '../utils/status';
import { OrderFilesField } from './order-files-field';

export interface OrderActionsProps {
  order: Order;
  side: OrderSide;
  checkoutHref: string;
  /**
   * Offline: the actions the server also takes from an offline device are taken on this device
   * (an `orderaction:` document that syncs later); the others need the network.
   */
  isOffline?: boolean;
  /**
   * An action succeeded: the order as the API answered (null: taken on this device, waiting to
   * sync), and what to tell the viewer.
   */
  onDone: (order: Order | null, message: string) => void;
  /** An action was refused (409, 403): the order changed meanwhile, load it again. */
  onRefused: () => void;
}

/** Runs an action: text is the reason or the delivery's message (with its files' upload). */
type Run = (
  action: OfflineOrderAction,
  text?: string,
  files?: File[],
  send?: Send,
) => Promise<Order | null>;

/** Through the API: the order as it is now. */
const runOnline =
  (orderId: string): Run =>
  (action, text = '', files = [], send) => {
    switch (action) {
      case 'deliver':
        return deliverOrder(orderId, text, files, send);
      case 'revision':
      case 'cancel':
      case 'dispute':
        return actWithReason(orderId, action, text);
      default:
        return act(orderId, action);
    }
  };

/**
 * On this device: checked as the server checks it when it applies it (order-actions.ts: a
 * delivery's message, a reason of 5 characters at least), then written pending.
 */
const runOnDevice =
  (orderId: string): Run =>
  async (action, text = '') => {
    const needed =
      action === 'deliver' ? 1 : ['revision', 'cancel', 'dispute'].includes(action) ? 5 : 0;
    if (text.trim().length < needed)
      throw new ApiError(
        422,
        INPUT_ERROR_MESSAGE,
        action === 'deliver'
          ? { message: ['Write a message with the delivery.'] }
          : { reason: ['Say why (at least 5 characters).'] },
      );
    await queueOrderAction(orderId, action, text.trim());
    return null;
  };

/** What the viewer reads once an action was taken on this device. */
const QUEUED_MESSAGE =
  'Saved on this device. It is sent when you are back online, and its result shows here.';

const otherName = (order: Order, side: OrderSide) =>
  side === 'customer' ? order.agent.full_name : order.customer.full_name;

/**
 * The viewer's actions on the order: exactly those in `order.actions` (the server's answer to
 * "what may this person do now"), as buttons or small forms; offline, those of them the server
 * takes from an offline device. Refusals (409 stale state, 403) show their message where the
 * action was, and the order is loaded again.
 */
export function OrderActions({
  order,
  side,
  checkoutHref,
  isOffline = false,
  onDone,
  onRefused,
}: OrderActionsProps) {
  const actions = new Set(isOffline ? offlineActions(order.actions) : order.actions);
  const run = (isOffline ? runOnDevice : runOnline)(order.id);
  const other = otherName(order, side);
  const refused = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 409 || error.status === 403)) onRefused();
  };
  const done = (message: string | ((next: Order) => string)) => (next: Order | null) =>
    onDone(next, !next ? QUEUED_MESSAGE : typeof message === 'string' ? message : message(next));

  if (actions.size === 0)
    return (
      <p className="muted">
        {isOffline && order.actions.length > 0
          ? 'What you can do on this order now needs the network.'
          : 'There is nothing for you to do on this order now.'}
      </p>
    );

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
          onRun={() => run('start')}
          onDone={done('You started the work.')}
          onRefused={refused}
        />
      )}
      {actions.has('deliver') && (
        <section className="order-action-box" aria-labelledby="deliver-title">
          <h3 id="deliver-title">
            {order.deliveries.length > 0 ? 'Deliver again' : 'Deliver the work'}
          </h3>
          <TextActionForm
            field="message"
            label="Message to the customer"
            hint={
              order.status === 'revision_requested' && order.revision_requests.length
                ? `They asked: “${order.revision_requests[order.revision_requests.length - 1]!.reason}”`
                : 'What you delivered, and anything they should know.'
            }
            rows={4}
            maxLength={5000}
            // Files go up with the delivery: online only.
            filesLabel={isOffline ? undefined : 'Delivery files (optional)'}
            submit={order.deliveries.length > 0 ? 'Deliver again' : 'Deliver'}
            busyText="Delivering…"
            labelledBy="deliver-title"
            onRun={(message, files, send) => run('deliver', message, files, send)}
            onDone={done(`Delivered. ${other} can accept it or ask for a revision.`)}
            onRefused={refused}
          />
        </section>
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
                onRun={() => run('cancel_accept')}
                onDone={done('The order is cancelled.')}
                onRefused={refused}
              />
            )}
            {actions.has('cancel_decline') && (
              <ActionButton
                label="Decline"
                variant="secondary"
                onRun={() => run('cancel_decline')}
                onDone={done('You declined the cancellation: the order goes on.')}
                onRefused={refused}
              />
            )}
          </div>
        </section>
      )}
      {actions.has('accept') && (
        <ActionButton
          label="Accept the delivery"
          confirm={{
            title: 'Accept the delivery?',
            body: (
              <p>
                Accepting completes the order and releases the payment of {formatMoney(order.total)}{' '}
                to {order.agent.full_name}. You cannot ask for a revision afterwards.
              </p>
            ),
            cancel: 'Not yet',
            submit: 'Accept and complete',
            busy: 'Accepting…',
          }}
          onRun={() => run('accept')}
          onDone={done('You accepted the delivery: the order is complete.')}
          onRefused={refused}
        />
      )}
      {actions.has('revision') && (
        <Disclosure open="Request a revision">
          <TextActionForm
            field="reason"
            label="What should change?"
            submit="Send the revision request"
            hint={`Revisions used: ${order.revisions_used} of ${order.revisions_allowed}. ${other} delivers again.`}
            onRun={(reason) => run('revision', reason)}
            onDone={done(`You asked for a revision. ${other} delivers again.`)}
            onRefused={refused}
          />
        </Disclosure>
      )}
      {actions.has('cancel') && (
        <Disclosure open="Cancel the order" variant="danger">
          <TextActionForm
            field="reason"
            label="Why do you want to cancel?"
            submit={
              cancelEffect(order, side, new Date()) === 'request'
                ? 'Send the cancellation request'
                : 'Cancel the order now'
            }
            hint={cancelExplanation(order, side, new Date())}
            variant="danger"
            onRun={(reason) => run('cancel', reason)}
            onDone={done((next) =>
              next.status === 'cancelled'
                ? next.refunded.amount > 0
                  ? `The order is cancelled; ${formatMoney(next.refunded)} is refunded.`
                  : 'The order is cancelled.'
                : `You asked ${other} to agree to cancel. The order goes on until they answer.`,
            )}
            onRefused={refused}
          />
        </Disclosure>
      )}
      {order.cancellation && order.cancellation.requested_by === side && (
        <p className="muted">
          You asked to cancel on {formatDateTime(order.cancellation.at)}; {other} has not answered
          yet.
        </p>
      )}
      {actions.has('dispute') && (
        <Disclosure open="Open a dispute" variant="secondary">
          <TextActionForm
            field="reason"
            label="What went wrong?"
            submit="Open the dispute"
            hint="An administrator reads both sides and decides: the payment goes to the agent, back to the customer, or is split. Try to settle it in a message first."
            variant="secondary"
            onRun={(reason) => run('dispute', reason)}
            onDone={done('You opened a dispute. An administrator will look at the order.')}
            onRefused={refused}
          />
        </Disclosure>
      )}
    </div>
  );
}

interface ActionProps {
  /** Done: the order as the API answered, or null when it was taken on this device. */
  onDone: (order: Order | null) => void;
  onRefused: (error: unknown) => void;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;

/** A confirmation asked in a dialog before the action runs. */
interface Confirm {
  title: string;
  body: ReactNode;
  cancel: string;
  submit: string;
  busy: string;
}

/** One button that runs an action (after a confirmation dialog, with `confirm`). */
function ActionButton({
  label,
  hint,
  variant,
  confirm,
  onRun,
  onDone,
  onRefused,
}: ActionProps & {
  label: string;
  hint?: string;
  variant?: 'secondary' | 'danger';
  confirm?: Confirm;
  onRun: () => Promise<Order | null>;
}) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await onRun();
      setBusy(false);
      setOpen(false);
      onDone(next);
    } catch (caught) {
      setBusy(false);
      setError(messageOf(caught));
      onRefused(caught);
    }
  };
  const alert = error && (
    <p className="alert alert-error" role="alert">
      {error}
    </p>
  );
  return (
    <div className="order-action">
      <button
        type="button"
        className={['button', variant ? `button-${variant}` : ''].join(' ').trim()}
        aria-disabled={(isBusy && !confirm) || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onClick={() => (confirm ? setOpen(true) : void run())}
      >
        {isBusy && !confirm ? 'Please wait…' : label}
      </button>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {confirm ? (
        <Modal
          isOpen={isOpen}
          onClose={() => setOpen(false)}
          title={confirm.title}
          actions={
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setOpen(false)}
              >
                {confirm.cancel}
              </button>
              <button
                type="button"
                className="button"
                aria-disabled={isBusy || undefined}
                onClick={() => void run()}
              >
                {isBusy ? confirm.busy : confirm.submit}
              </button>
            </>
          }
        >
          {confirm.body}
          {alert}
        </Modal>
      ) : (
        alert
      )}
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

/**
 * An action with a text: a reason (revision, cancel, dispute) or a delivery's message, and the
 * delivery's files when `filesLabel` is given.
 */
function TextActionForm({
  field,
  label,
  hint,
  submit,
  busyText,
  variant,
  rows = 3,
  maxLength = 2000,
  filesLabel,
  labelledBy,
  onRun,
  onDone,
  onRefused,
}: ActionProps & {
  field: 'reason' | 'message';
  label: string;
  hint: string;
  submit: string;
  busyText?: string;
  variant?: 'secondary' | 'danger';
  rows?: number;
  maxLength?: number;
  filesLabel?: string;
  /** The heading that names the form; else the submit button's text does. */
  labelledBy?: string;
  onRun: (text: string, files: File[], send: Send | undefined) => Promise<Order | null>;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadProgress();
  const form = useForm<Record<typeof field, string>, Order | null>({
    initialValues: { [field]: '' } as Record<typeof field, string>,
    onSubmit: async (values) => {
      try {
        const text = values[field];
        // Only files go up with a progress bar; a text alone is a small JSON request.
        return await (files.length > 0
          ? upload.track((send) => onRun(text, files, send))
          : onRun(text, files, undefined));
      } catch (error) {
        onRefused(error);
        throw error;
      }
    },
    onSuccess: (next) => {
      setFiles([]);
      onDone(next);
    },
    resetOnSuccess: () => ({ [field]: '' }) as Record<typeof field, string>,
  });
  return (
    <form
      className="form order-action-form"
      onSubmit={form.submit}
      noValidate
      aria-label={labelledBy ? undefined : submit}
      aria-labelledby={labelledBy}
    >
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextAreaField
        field={form.field(field)}
        label={label}
        hint={hint}
        rows={rows}
        maxLength={maxLength}
      />
      {filesLabel && (
        <OrderFilesField
          label={filesLabel}
          files={files}
          onChange={setFiles}
          error={form.state.errors.files?.[0]}
          progress={upload.progress}
        />
      )}
      <div className="form-actions">
        <SubmitButton
          isBusy={form.isBusy}
          busyText={busyText}
          className={variant === 'danger' ? 'button-danger' : undefined}
        >
          {submit}
        </SubmitButton>
      </div>
    </form>
  );
}
