import { Link } from 'react-router-dom';
import { TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, plural } from '@/lib/format';
import { useForm } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { getOrder, payOrder, type Order } from '../api/orders';
import { useNow } from '../hooks/use-now';
import {
  cardFieldErrors,
  formatCardNumber,
  formatExpiry,
  SANDBOX_CARDS,
  toCardInput,
  type CardFields,
} from '../utils/card';
import { formatClock, spokenTimeLeft, timeLeft } from '../utils/countdown';
import { STATUS_LABELS } from '../utils/status';
import { travelDates } from '../utils/travel';
import { LoadError, Loading } from './load-state';
import { PackageRows } from './package-rows';
import './orders.css';

export interface CheckoutPageProps {
  orderId: string;
  orderHref: (id: string) => string;
  gigHref: (id: string) => string;
  onPaid: (order: Order) => void;
}

/**
 * Checkout: what the order is, the time left to pay (30 minutes from placing it), and the card
 * form. A decline (402) says why and leaves the order unpaid to try again; field errors (422)
 * show by their fields; an order that is paid, expired or cancelled says so instead.
 */
export function CheckoutPage({ orderId, orderHref, gigHref, onPaid }: CheckoutPageProps) {
  const { resource, reload } = useResource(`order:${orderId}`, (signal) =>
    getOrder(orderId, { signal }),
  );
  const order = resource.data;
  const isPayable = order?.status === 'pending_payment' && order.actions.includes('pay');
  const now = useNow(1000, isPayable);

  if (resource.status === 'loading' && !order) return <Loading what="the order" />;
  if (resource.status === 'error' && !order)
    return <LoadError error={resource.error} onRetry={reload} />;
  if (!order) return null;

  const left = timeLeft(order.expires_at, now);
  const isExpired = order.status === 'expired' || (isPayable && left === 0);

  return (
    <div className="checkout">
      <div className="page-heading">
        <div>
          <h1>Checkout</h1>
          <p className="muted">
            Order {order.id} · <span className="badge">{STATUS_LABELS[order.status]}</span>
          </p>
        </div>
      </div>
      <div className="checkout-layout">
        <OrderSummary order={order} gigHref={gigHref} />
        <section className="card checkout-pay" aria-labelledby="checkout-pay-title">
          <h2 id="checkout-pay-title">Payment</h2>
          {isExpired ? (
            <div className="alert alert-error" role="alert">
              <p className="alert-title">The time to pay this order has run out.</p>
              <p>
                Orders are held for 30 minutes.{' '}
                {order.gig.id === null ? (
                  'Ask the agent to send a new offer.'
                ) : (
                  <>
                    <Link to={gigHref(order.gig.id)}>Order again</Link> from the gig page.
                  </>
                )}
              </p>
            </div>
          ) : order.status !== 'pending_payment' ? (
            <div className="alert alert-success" role="status">
              <p className="alert-title">
                {order.paid_at
                  ? `This order was paid on ${formatDateTime(order.paid_at)}.`
                  : `This order is ${STATUS_LABELS[order.status].toLowerCase()}: there is nothing to pay.`}
              </p>
              <p>
                <Link to={orderHref(order.id)}>See the order</Link>
              </p>
            </div>
          ) : !isPayable ? (
            <p role="status">
              A payment for this order is being processed, or you are not its customer.{' '}
              <Link to={orderHref(order.id)}>See the order</Link>
            </p>
          ) : (
            <>
              {left !== null && <PaymentWindow left={left} expiresAt={order.expires_at!} />}
              <CardForm
                order={order}
                onPaid={onPaid}
                onRefused={(error) => {
                  // Expired, paid meanwhile, or declined: show the order as it is now.
                  if (error.status === 409 || error.status === 402 || error.status === 503)
                    reload();
                }}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function PaymentWindow({ left, expiresAt }: { left: number; expiresAt: string }) {
  const minutes = Math.ceil(left / 60_000);
  return (
    <p className={minutes <= 5 ? 'checkout-window checkout-window-late' : 'checkout-window'}>
      Pay within{' '}
      <strong role="timer" aria-label={`${spokenTimeLeft(left)} left`}>
        {formatClock(left)}
      </strong>{' '}
      <span className="muted">(until {formatDateTime(expiresAt)}); then the order expires.</span>
    </p>
  );
}

function CardForm({
  order,
  onPaid,
  onRefused,
}: {
  order: Order;
  onPaid: (order: Order) => void;
  onRefused: (error: ApiError) => void;
}) {
  const form = useForm<CardFields, Order>({
    initialValues: { number: '', expiry: '', cvc: '' },
    onSubmit: async (values) => {
      try {
        return await payOrder(order.id, toCardInput(values));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        onRefused(error);
        if (Object.keys(error.errors).length === 0) throw error;
        throw new ApiError(error.status, error.message, cardFieldErrors(error.errors), error.body);
      }
    },
    onSuccess: (paid) => onPaid(paid),
  });
  const number = form.field('number');
  const expiry = form.field('expiry');
  const cvc = form.field('cvc');

  return (
    <form className="form card-form" onSubmit={form.submit} noValidate aria-label="Card details">
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextField
        field={{ ...number, onChange: (v) => form.setValue('number', formatCardNumber(v)) }}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
      />
      <div className="card-form-row">
        <TextField
          field={{
            ...expiry,
            onChange: (v) => form.setValue('expiry', formatExpiry(v, expiry.value)),
          }}
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
        />
        <TextField
          field={{
            ...cvc,
            onChange: (v) => form.setValue('cvc', v.replace(/\D/g, '').slice(0, 4)),
          }}
          label="Security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
        />
      </div>
      <SubmitButton isBusy={form.isBusy} busyText="Paying…" className="button-block">
        Pay {formatMoney(order.total)}
      </SubmitButton>
      <details className="sandbox-cards">
        <summary>Test cards (sandbox payments)</summary>
        <p className="muted">
          No real money moves here. Use any future expiry date and any three digits as the code.
        </p>
        <ul>
          {SANDBOX_CARDS.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> {card.outcome}
            </li>
          ))}
        </ul>
      </details>
    </form>
  );
}

/** What is being paid for: the gig, the package, extras, dates, and the total. */
function OrderSummary({ order, gigHref }: { order: Order; gigHref: (id: string) => string }) {
  const { travel } = order;
  return (
    <section className="card checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Your order</h2>
      <p className="checkout-gig">
        {order.gig.id === null ? (
          order.gig.title
        ) : (
          <Link to={gigHref(order.gig.id)}>{order.gig.title}</Link>
        )}
        <br />
        <span className="muted">by {order.agent.full_name}</span>
      </p>
      <dl className="order-facts">
        <dt>Date</dt>
        <dd>{travelDates(travel)}</dd>
        <dt>Travellers</dt>
        <dd>{travel.travellers}</dd>
        {travel.meeting_place && (
          <>
            <dt>Meeting place</dt>
            <dd>{travel.meeting_place}</dd>
          </>
        )}
        <dt>Delivery</dt>
        <dd>
          {plural(
            order.package.delivery_days + order.extras.reduce((s, e) => s + e.delivery_days, 0),
            'day',
          )}{' '}
          after payment
        </dd>
      </dl>
      <table className="order-summary-table">
        <caption className="visually-hidden">Price</caption>
        <tbody>
          <PackageRows order={order} />
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-testid="checkout-total">{formatMoney(order.total)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
