// The parts of an order both admin views show (the order details and the dispute view): each a
// card with its own heading, so a screen reader can jump between them.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { Avatar } from '@/components/ui/avatar';
import { ProtectedFileLink } from '@/components/ui/protected-file-link';
import { formatDateTime } from '@/lib/format';
import { formatFileSize } from '@/lib/file-size';
import { formatMoney } from '@/lib/money';
import type { Order, OrderFile, OrderParty } from '../types';
import {
  actorLabel,
  disputeOpener,
  formatServiceDates,
  resolverOf,
  shortOrderId,
} from '../utils/orders';
import { OrderStatusBadge } from './badges';
import { Facts } from './facts';

/** A card with a heading that names its region. */
function Section({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={['card', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The line under an order page's heading: its number, status and total. */
export function OrderBadges({ order }: { order: Order }) {
  return (
    <p className="badges">
      <span className="muted">Order {shortOrderId(order.id)}</span>
      <OrderStatusBadge status={order.status} />
      <span className="badge" data-tone="off">
        {formatMoney(order.total)}
      </span>
    </p>
  );
}

const When = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;

function Party({ role, party }: { role: 'Customer' | 'Agent'; party: OrderParty }) {
  return (
    <li className="order-party">
      <Avatar name={party.full_name} src={party.avatar} size={40} />
      <span>
        <span className="order-party-role muted">{role}</span>
        <Link to={buildPath('admin.users.show', { id: party.id })}>{party.full_name}</Link>
        {party.tagname && <span className="muted"> @{party.tagname}</span>}
      </span>
    </li>
  );
}

export function PartiesSection({ order }: { order: Order }) {
  return (
    <Section title="Parties">
      <ul className="order-parties">
        <Party role="Customer" party={order.customer} />
        <Party role="Agent" party={order.agent} />
      </ul>
    </Section>
  );
}

export function GigSection({ order }: { order: Order }) {
  const pkg = order.package;
  return (
    <Section title="Gig and travel">
      <Facts
        facts={[
          [
            'Gig',
            order.gig.id === null ? (
              `${order.gig.title} (custom offer)`
            ) : (
              <Link to={buildPath('gigs.show', { id: order.gig.id })}>{order.gig.title}</Link>
            ),
          ],
          ['Package', `${pkg.name} (${pkg.tier}), ${formatMoney(pkg.price)}`],
          [
            'Extras',
            order.extras.length
              ? order.extras.map((e) => `${e.title} (${formatMoney(e.price)})`).join(', ')
              : 'None',
          ],
          ['Delivery', `${pkg.delivery_days} days`],
          ['Revisions', `${order.revisions_used} of ${order.revisions_allowed} used`],
          ['Service date', formatServiceDates(order.travel)],
          ['Travellers', String(order.travel.travellers)],
          ['Meeting place', order.travel.meeting_place ?? '—'],
        ]}
      />
    </Section>
  );
}

export function TotalsSection({ order }: { order: Order }) {
  return (
    <Section title="Money">
      <Facts
        facts={[
          ['Total', <strong>{formatMoney(order.total)}</strong>],
          ['Platform fee', formatMoney(order.fee)],
          ['Agent earnings', formatMoney(order.agent_earnings)],
          ['Refunded', formatMoney(order.refunded)],
          ['Placed', <When at={order.created_at} />],
          ['Paid', order.paid_at ? <When at={order.paid_at} /> : 'Not yet'],
          ['Due', order.due_at ? <When at={order.due_at} /> : '—'],
          ...(order.completed_at
            ? [['Completed', <When at={order.completed_at} />] as [string, ReactNode]]
            : []),
          ...(order.cancelled_at
            ? [['Cancelled', <When at={order.cancelled_at} />] as [string, ReactNode]]
            : []),
        ]}
      />
    </Section>
  );
}

function FileList({ files, label }: { files: OrderFile[]; label: string }) {
  if (files.length === 0) return null;
  return (
    <ul className="order-files" aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>
          <ProtectedFileLink href={file.url} fileName={file.name}>
            {file.name}
          </ProtectedFileLink>{' '}
          <span className="muted">({formatFileSize(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}

export function RequirementsSection({ order }: { order: Order }) {
  return (
    <Section title="Requirements">
      {order.requirements ? (
        <p className="order-text">{order.requirements}</p>
      ) : (
        <p className="muted">The customer gave no requirements.</p>
      )}
      <FileList files={order.attachments} label="Attachments" />
    </Section>
  );
}

export function DeliveriesSection({ order }: { order: Order }) {
  return (
    <Section title="Deliveries">
      {order.deliveries.length === 0 ? (
        <p className="muted">Nothing delivered yet.</p>
      ) : (
        <ol className="order-deliveries">
          {order.deliveries.map((delivery, index) => (
            <li key={delivery.id}>
              <h3>
                Delivery {index + 1} <span className="muted">·</span> <When at={delivery.at} />
              </h3>
              <p className="order-text">{delivery.message}</p>
              <FileList files={delivery.files} label={`Files of delivery ${index + 1}`} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export function TimelineSection({ order }: { order: Order }) {
  return (
    <Section title="Timeline" className="order-timeline-card">
      <ol className="order-timeline">
        {order.timeline.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <p className="order-event">
              <strong>{event.event}</strong>
            </p>
            <p className="order-event-meta muted">
              {actorLabel(event.actor)} · <When at={event.at} />
            </p>
            {event.note && <p className="order-text order-event-note">{event.note}</p>}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The dispute: who opened it, why, and how an admin resolved it. */
export function DisputeSection({ order }: { order: Order }) {
  const { dispute } = order;
  if (!dispute) return null;
  const { resolution } = dispute;
  const resolver = resolverOf(order);
  return (
    <Section title="Dispute" className="order-dispute">
      <Facts
        facts={[
          ['Opened by', disputeOpener(order)],
          ['Opened', <When at={dispute.at} />],
        ]}
      />
      <h3>Reason</h3>
      <p className="order-text">{dispute.reason}</p>
      <h3>Resolution</h3>
      {resolution ? (
        <>
          <Facts
            facts={[
              [
                'Outcome',
                resolution.outcome === 'complete'
                  ? 'Completed: paid to the agent'
                  : resolution.refund.amount >= order.total.amount
                    ? 'Refunded in full'
                    : 'Refunded in part',
              ],
              ['Refund', formatMoney(resolution.refund)],
              ['Resolved', <When at={resolution.at} />],
              ...(resolver ? [['By', resolver] as [string, ReactNode]] : []),
            ]}
          />
          <h3>Note to both parties</h3>
          <p className="order-text">{resolution.note}</p>
        </>
      ) : (
        <p className="muted">Not resolved yet.</p>
      )}
    </Section>
  );
}

/** A cancellation request, while one is open or after it ended the order. */
export function CancellationSection({ order }: { order: Order }) {
  const { cancellation } = order;
  if (!cancellation) return null;
  return (
    <Section title="Cancellation">
      <Facts
        facts={[
          [
            'Asked by',
            `${order[cancellation.requested_by].full_name} (${cancellation.requested_by})`,
          ],
          ['Asked', <When at={cancellation.at} />],
        ]}
      />
      <p className="order-text">{cancellation.reason}</p>
    </Section>
  );
}
