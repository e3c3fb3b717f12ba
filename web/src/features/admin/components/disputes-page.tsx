import { Link, useSearchParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime, plural } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { listDisputes } from '../api/orders';
import type { Order } from '../types';
import { orderFiltersToQuery, parseOrderFilters } from '../utils/order-filters';
import { disputeOpener, shortOrderId } from '../utils/orders';
import { PageHeading } from './admin-list';
import { LoadState } from './load-state';
import './admin.css';

function Dispute({ order }: { order: Order }) {
  const dispute = order.dispute;
  return (
    <li className="card dispute-row">
      <article aria-labelledby={`dispute-${order.id}`}>
        <h2 id={`dispute-${order.id}`}>
          <Link to={buildPath('admin.disputes.show', { id: order.id })}>{order.gig.title}</Link>
        </h2>
        <p className="muted dispute-meta">
          {shortOrderId(order.id)} · {formatMoney(order.total)} · {order.customer.full_name} and{' '}
          {order.agent.full_name}
        </p>
        {dispute && (
          <>
            <p className="dispute-meta">
              Opened by {disputeOpener(order)} on{' '}
              <time dateTime={dispute.at}>{formatDateTime(dispute.at)}</time>
            </p>
            <p className="dispute-reason">{dispute.reason}</p>
          </>
        )}
      </article>
    </li>
  );
}

/**
 * /admin/disputes: the queue of disputed orders, newest first (the API lists orders by their
 * last change, and a dispute is the last change a disputed order had). Each opens the dispute
 * view with the resolve form.
 */
export function DisputesPage() {
  const [params] = useSearchParams();
  const { page } = parseOrderFilters(params);
  const query = orderFiltersToQuery({ status: '', q: '', page });
  const { resource, reload } = useResource(`disputes:${page}`, (signal) =>
    listDisputes(query, { signal }),
  );
  const hrefFor = (p: number) => (p > 1 ? `?page=${p}` : '?');
  return (
    <div className="admin-page">
      <PageHeading title="Disputes" onRefresh={reload}>
        Orders a customer or an agent disputed, newest first. Open one to read both sides and
        resolve it.
      </PageHeading>
      <LoadState resource={resource} onRetry={reload} what="disputes">
        {(list) => (
          <section
            aria-label="Open disputes"
            aria-busy={resource.status === 'loading' || undefined}
          >
            <p className="list-count" role="status">
              {list.meta.total === 0
                ? 'No open disputes. All caught up.'
                : `${plural(list.meta.total, 'open dispute')}.`}
            </p>
            <ul className="message-list">
              {list.data.map((order) => (
                <Dispute key={order.id} order={order} />
              ))}
            </ul>
            <Pagination
              page={list.meta.page}
              lastPage={list.meta.last_page}
              hrefFor={hrefFor}
              label="Pages of disputes"
            />
          </section>
        )}
      </LoadState>
    </div>
  );
}
