import { Link, useParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { useResource } from '@/lib/use-resource';
import { getOrder } from '../api/orders';
import type { Order } from '../types';
import { LoadState } from './load-state';
import { BackLink } from './sub-page';
import {
  CancellationSection,
  DeliveriesSection,
  DisputeSection,
  GigSection,
  OrderBadges,
  PartiesSection,
  RequirementsSection,
  TimelineSection,
  TotalsSection,
} from './order-sections';
import './admin.css';

function Details({ order }: { order: Order }) {
  const isDisputed = order.status === 'disputed';
  return (
    <>
      <div className="page-heading">
        <div>
          <h1>{order.gig.title}</h1>
          <OrderBadges order={order} />
        </div>
        {isDisputed && (
          <Link to={buildPath('admin.disputes.show', { id: order.id })} className="button">
            Resolve the dispute
          </Link>
        )}
      </div>
      <div className="details-grid">
        <PartiesSection order={order} />
        <TotalsSection order={order} />
        <GigSection order={order} />
        <RequirementsSection order={order} />
        <DisputeSection order={order} />
        <CancellationSection order={order} />
        <DeliveriesSection order={order} />
        <TimelineSection order={order} />
      </div>
    </>
  );
}

/** /admin/orders/:id: one order, everything about it, read only (disputes resolve elsewhere). */
export function OrderDetailsPage() {
  const { id = '' } = useParams();
  const { resource, reload } = useResource(`order:${id}`, (signal) => getOrder(id, { signal }));
  return (
    <div className="admin-page">
      <BackLink to={buildPath('admin.orders')}>All orders</BackLink>
      <LoadState resource={resource} onRetry={reload} what="the order">
        {(order) => <Details order={order} />}
      </LoadState>
    </div>
  );
}
