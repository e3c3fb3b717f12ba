import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { useResource } from '@/lib/use-resource';
import { getOrder } from '../api/orders';
import type { Order } from '../types';
import { LoadState } from './load-state';
import { BackLink } from './sub-page';
import {
  DeliveriesSection,
  DisputeSection,
  OrderBadges,
  PartiesSection,
  RequirementsSection,
  TimelineSection,
  TotalsSection,
} from './order-sections';
import { ResolveDisputeForm } from './resolve-dispute-form';
import './admin.css';

function DisputeView({
  order,
  onResolved,
  onStale,
}: {
  order: Order;
  onResolved: (order: Order) => void;
  onStale: () => void;
}) {
  const isOpen = order.status === 'disputed' && !order.dispute?.resolution;
  // Once resolved, the form is gone: focus goes to the heading, above the resolution.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    if (wasOpen.current && !isOpen) headingRef.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);
  return (
    <>
      <div className="page-heading">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            Dispute: {order.gig.title}
          </h1>
          <OrderBadges order={order} />
        </div>
        <Link
          to={buildPath('admin.orders.show', { id: order.id })}
          className="button button-secondary"
        >
          Order details
        </Link>
      </div>
      {!order.dispute ? (
        <p className="muted">This order was never disputed.</p>
      ) : (
        <div className="dispute-layout">
          <div className="dispute-main">
            <DisputeSection order={order} />
            <DeliveriesSection order={order} />
            <TimelineSection order={order} />
          </div>
          <div className="dispute-side">
            {isOpen && (
              <section className="card" aria-labelledby="resolve-title">
                <h2 id="resolve-title">Resolve the dispute</h2>
                <ResolveDisputeForm order={order} onResolved={onResolved} onStale={onStale} />
              </section>
            )}
            <PartiesSection order={order} />
            <TotalsSection order={order} />
            <RequirementsSection order={order} />
          </div>
        </div>
      )}
    </>
  );
}

/** /admin/disputes/:id: one dispute, the evidence (deliveries, timeline) and the decision. */
export function DisputePage() {
  const { id = '' } = useParams();
  const { resource, reload, setData } = useResource(`dispute:${id}`, (signal) =>
    getOrder(id, { signal }),
  );
  return (
    <div className="admin-page">
      <BackLink to={buildPath('admin.disputes')}>All disputes</BackLink>
      <LoadState resource={resource} onRetry={reload} what="the dispute">
        {(order) => (
          <DisputeView
            order={order}
            onResolved={(resolved) => setData(() => resolved)}
            onStale={reload}
          />
        )}
      </LoadState>
    </div>
  );
}
