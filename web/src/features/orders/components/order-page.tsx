import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { useUploadProgress } from '@/components/form/file-drop';
import { Avatar } from '@/components/ui/avatar';
import { useIsOnline } from '@/components/ui/use-online-status';
import { ProtectedFileLink } from '@/components/ui/protected-file-link';
import { formatDateTime, plural } from '@/lib/format';
import { formatFileSize } from '@/lib/file-size';
import { useForm } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { useDeviceOrder, useOrderActionDocs } from '../api/device-orders';
import {
  getOrder,
  uploadAttachments,
  type Order,
  type OrderFile,
  type OrderSide,
} from '../api/orders';
import { STATUS_LABELS, statusExplanation } from '../utils/status';
import { travelDates } from '../utils/travel';
import { DeviceCopyNote, QueuedActions } from './device-copy';
import { LoadError, Loading } from './load-state';
import { PackageRows } from './package-rows';
import { OrderActions } from './order-actions';
import { OrderFilesField } from './order-files-field';
import './orders.css';

type Party = Order['customer'];

export interface OrderPageProps {
  orderId: string;
  /** The signed-in member: which side of the order they are on. */
  viewerId: string;
  gigHref: (id: string) => string;
  checkoutHref: (id: string) => string;
  profileHref: (party: Party) => string | null;
  /** The conversation with the other party about this order. */
  conversationHref: (order: Order, party: Party) => string | null;
  /** The reviews of the order (issue 17), drawn by the reviews feature. */
  reviews?: (order: Order, side: OrderSide) => ReactNode;
}

/**
 * One order, for its customer and its agent: where it stands, the other party, the travel
 * details, requirements and deliveries with their files, the totals, the timeline, and the
 * viewer's actions (only those the API lists in `order.actions`).
 */
export function OrderPage({
  orderId,
  viewerId,
  gigHref,
  checkoutHref,
  profileHref,
  conversationHref,
  reviews,
}: OrderPageProps) {
  const isOnline = useIsOnline();
  const { resource, reload, setData } = useResource(
    isOnline ? `order:${orderId}` : null,
    (signal) => getOrder(orderId, { signal }),
  );
  // Offline, or the server out of reach: this device's copy (the mirror the server keeps).
  const fromDevice = !isOnline || isUnreachable(resource);
  const mirror = useDeviceOrder(fromDevice ? orderId : null);
  const queued = useOrderActionDocs(orderId);
  const [done, setDone] = useState<string | null>(null);
  const isWaiting = queued?.some((doc) => doc.status === 'pending') ?? false;
  // An action taken offline was decided: the order changed on the server, read it again.
  const decided = queued?.filter((doc) => doc.status !== 'pending').length ?? 0;
  const seenDecided = useRef<number | null>(null);
  useEffect(() => {
    if (queued === null) return;
    if (seenDecided.current !== null && decided > seenDecided.current && isOnline) {
      setDone(null);
      reload();
    }
    seenDecided.current = decided;
  }, [queued, decided, isOnline, reload]);

  const order = fromDevice ? (mirror ?? undefined) : resource.data;
  if (fromDevice && mirror === null)
    return (
      <div className="alert alert-error" role="alert" data-testid="orders-offline">
        <p className="alert-title">This order is not saved on this device.</p>
        <p>You are offline: open it again once you are back online.</p>
      </div>
    );
  if (fromDevice && !order) return <Loading what="the order" />;
  if (resource.status === 'loading' && !order) return <Loading what="the order" />;
  if (resource.status === 'error' && !order)
    return <LoadError error={resource.error} onRetry={reload} />;
  if (!order) return null;

  const side: OrderSide = order.agent.id === viewerId ? 'agent' : 'customer';
  const other = side === 'customer' ? order.agent : order.customer;
  const changed = (next: Order | null, message: string) => {
    if (next) setData(() => next);
    setDone(message);
  };

  return (
    <article className="order-page" aria-labelledby="order-title">
      <header className="page-heading order-heading">
        <div>
          <p className="eyebrow">{side === 'customer' ? 'Your order' : 'An order of your gig'}</p>
          <h1 id="order-title">{order.gig.title}</h1>
          <p>
            <span className="badge" data-status={order.status} data-testid="order-status">
              {STATUS_LABELS[order.status]}
            </span>{' '}
            <span className="order-explanation">{statusExplanation(order, side)}</span>
          </p>
        </div>
      </header>

      {fromDevice && <DeviceCopyNote what="this order" asOf={mirror?.mirrored_at ?? null} />}
      <div className="order-layout">
        <div className="order-main">
          <section className="card" aria-labelledby="order-actions-title">
            <h2 id="order-actions-title">What you can do</h2>
            <div role="status" className="order-done">
              {done && <p className="alert alert-success">{done}</p>}
            </div>
            {!fromDevice && resource.status === 'error' && (
              <p className="alert alert-error" role="alert">
                The order could not be loaded again: {resource.error.message}
              </p>
            )}
            <QueuedActions docs={queued ?? []} />
            {isWaiting ? (
              <p className="muted">
                Your other actions on this order come back once the one waiting to sync is applied.
              </p>
            ) : (
              <OrderActions
                key={`${order.status}-${order.timeline.length}`}
                order={order}
                side={side}
                checkoutHref={checkoutHref(order.id)}
                isOffline={fromDevice}
                onDone={changed}
                onRefused={() => {
                  setDone(null);
                  reload();
                }}
              />
            )}
          </section>

          {reviews?.(order, side)}

          {order.dispute && <DisputeCard order={order} />}

          <section className="card" aria-labelledby="order-details-title">
            <h2 id="order-details-title">Details</h2>
            <dl className="order-facts">
              <dt>Order number</dt>
              <dd>{order.id}</dd>
              <dt>Gig</dt>
              <dd>
                {order.gig.id === null ? (
                  order.gig.title
                ) : (
                  <Link to={gigHref(order.gig.id)}>{order.gig.title}</Link>
                )}
              </dd>
              <dt>Package</dt>
              <dd>
                {order.package.name} ({order.package.tier})
              </dd>
              {order.extras.length > 0 && (
                <>
                  <dt>Extras</dt>
                  <dd>{order.extras.map((e) => e.title).join(', ')}</dd>
                </>
              )}
              <dt>Date</dt>
              <dd>{travelDates(order.travel)}</dd>
              <dt>Travellers</dt>
              <dd>{order.travel.travellers}</dd>
              {order.travel.meeting_place && (
                <>
                  <dt>Meeting place</dt>
                  <dd>{order.travel.meeting_place}</dd>
                </>
              )}
              <dt>Placed</dt>
              <dd>{formatDateTime(order.created_at)}</dd>
              {order.due_at && (
                <>
                  <dt>Due</dt>
                  <dd>{formatDateTime(order.due_at)}</dd>
                </>
              )}
              <dt>Revisions</dt>
              <dd>
                {order.revisions_used} of {order.revisions_allowed} used
              </dd>
            </dl>
          </section>

          <section className="card" aria-labelledby="order-requirements-title">
            <h2 id="order-requirements-title">Requirements</h2>
            {order.requirements ? (
              <p className="order-text">{order.requirements}</p>
            ) : (
              <p className="muted">No requirements were written.</p>
            )}
            <FileList files={order.attachments} label="Requirement files" />
            {side === 'customer' &&
              !fromDevice &&
              (order.status === 'pending_payment' || order.status === 'in_progress') && (
                <AddFiles order={order} onDone={(next) => changed(next, 'Files added.')} />
              )}
          </section>

          <section className="card" aria-labelledby="order-deliveries-title">
            <h2 id="order-deliveries-title">Deliveries</h2>
            {order.deliveries.length === 0 ? (
              <p className="muted">Nothing delivered yet.</p>
            ) : (
              <ol className="order-deliveries">
                {order.deliveries.map((delivery, index) => (
                  <li key={delivery.id} className="order-delivery" data-testid="order-delivery">
                    <h3>
                      Delivery {index + 1}{' '}
                      <span className="muted">{formatDateTime(delivery.at)}</span>
                    </h3>
                    <p className="order-text">{delivery.message}</p>
                    <FileList files={delivery.files} label={`Files of delivery ${index + 1}`} />
                    {order.revision_requests[index] && (
                      <p className="order-revision">
                        <strong>Revision requested</strong>{' '}
                        <span className="muted">
                          {formatDateTime(order.revision_requests[index].at)}
                        </span>
                        : {order.revision_requests[index].reason}
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section className="card" aria-labelledby="order-timeline-title">
            <h2 id="order-timeline-title">Timeline</h2>
            <ol className="order-timeline">
              {[...order.timeline].reverse().map((event, index) => (
                <li key={`${event.at}-${index}`}>
                  <p>
                    <strong>{event.event}</strong>{' '}
                    <span className="muted">
                      by {event.actor.name}
                      {event.actor.kind !== 'timer' && ` (${event.actor.kind})`},{' '}
                      <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    </span>
                  </p>
                  {event.note && <p className="order-text order-note">{event.note}</p>}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside className="order-side" aria-label="The other party and the totals">
          <section className="card order-party" aria-labelledby="order-party-title">
            <h2 id="order-party-title">{side === 'customer' ? 'Your agent' : 'Your customer'}</h2>
            <PartyCard
              party={other}
              profileHref={profileHref(other)}
              conversationHref={conversationHref(order, other)}
            />
          </section>
          <Totals order={order} side={side} />
        </aside>
      </div>
    </article>
  );
}

function PartyCard({
  party,
  profileHref,
  conversationHref,
}: {
  party: Party;
  profileHref: string | null;
  conversationHref: string | null;
}) {
  return (
    <>
      <div className="order-party-head">
        <Avatar name={party.full_name} src={party.avatar} size={48} />
        <div>
          <p className="order-party-name">{party.full_name}</p>
          {party.tagname && (
            <p className="muted">
              {profileHref ? <Link to={profileHref}>@{party.tagname}</Link> : `@${party.tagname}`}
            </p>
          )}
        </div>
      </div>
      {conversationHref && (
        <Link to={conversationHref} className="button button-secondary button-block">
          Message {party.full_name}
        </Link>
      )}
    </>
  );
}

function Totals({ order, side }: { order: Order; side: OrderSide }) {
  return (
    <section className="card" aria-labelledby="order-totals-title">
      <h2 id="order-totals-title">Totals</h2>
      <table className="order-summary-table">
        <caption className="visually-hidden">The order's amounts</caption>
        <tbody>
          <PackageRows order={order} />
          <tr className="order-total-row">
            <th scope="row">Total</th>
            <td data-testid="order-total">{formatMoney(order.total)}</td>
          </tr>
          {order.refunded.amount > 0 && (
            <tr>
              <th scope="row">Refunded to the customer</th>
              <td data-testid="order-refunded">{formatMoney(order.refunded)}</td>
            </tr>
          )}
          {side === 'agent' && (
            <>
              <tr>
                <th scope="row">Platform fee</th>
                <td data-testid="order-fee">−{formatMoney(order.fee)}</td>
              </tr>
              <tr className="order-total-row">
                <th scope="row">Your earnings</th>
                <td data-testid="order-earnings">{formatMoney(order.agent_earnings)}</td>
              </tr>
            </>
          )}
        </tbody>
      </table>
      {side === 'customer' && order.paid_at && (
        <p className="muted">
          Paid {formatDateTime(order.paid_at)}, held in escrow until the order completes.
        </p>
      )}
    </section>
  );
}

function DisputeCard({ order }: { order: Order }) {
  const dispute = order.dispute!;
  return (
    <section className="card" aria-labelledby="order-dispute-title">
      <h2 id="order-dispute-title">Dispute</h2>
      <p>
        Opened by the {dispute.opened_by} on {formatDateTime(dispute.at)}:
      </p>
      <blockquote className="order-quote">{dispute.reason}</blockquote>
      {dispute.resolution ? (
        <p>
          <strong>
            Resolved {formatDateTime(dispute.resolution.at)}:{' '}
            {dispute.resolution.outcome === 'complete'
              ? 'completed, the payment went to the agent'
              : `${formatMoney(dispute.resolution.refund)} refunded to the customer`}
            .
          </strong>{' '}
          {dispute.resolution.note}
        </p>
      ) : (
        <p className="muted">An administrator is looking at it.</p>
      )}
    </section>
  );
}

function FileList({ files, label }: { files: OrderFile[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <ul className="order-file-list" aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>
          <ProtectedFileLink href={file.url} fileName={file.name}>
            {file.name}
          </ProtectedFileLink>{' '}
          <span className="muted">
            ({file.content_type === 'application/pdf' ? 'PDF' : 'image'},{' '}
            {formatFileSize(file.size)})
          </span>
        </li>
      ))}
    </ul>
  );
}

function AddFiles({ order, onDone }: { order: Order; onDone: (order: Order) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadProgress();
  const form = useForm<Record<string, never>, Order>({
    initialValues: {},
    onSubmit: () => upload.track((send) => uploadAttachments(order.id, files, send)),
    onSuccess: (next) => {
      setFiles([]);
      onDone(next);
    },
  });
  const room = 10 - order.attachments.length;
  if (room <= 0) return null;
  return (
    <form
      className="form order-add-files"
      onSubmit={form.submit}
      aria-label="Add requirement files"
    >
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <OrderFilesField
        label="Add files to the requirements"
        files={files}
        onChange={setFiles}
        progress={upload.progress}
      />
      {files.length > 0 && (
        <div className="form-actions">
          <SubmitButton isBusy={form.isBusy} busyText="Uploading…">
            Upload {plural(files.length, 'file')}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
