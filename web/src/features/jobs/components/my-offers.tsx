import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { formatDate, plural } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { listMyOffers, OFFER_STATUSES, type OfferStatus } from '../api/jobs';
import { OFFER_STATUS_LABELS } from '../utils/format';
import { LoadError, Loading } from '@/components/ui/load-state';
import './jobs.css';

const PER_PAGE = 20;

const isStatus = (value: string | null): value is OfferStatus =>
  (OFFER_STATUSES as readonly string[]).includes(value ?? '');

export interface MyOffersProps {
  jobHref: (id: string) => string;
  orderHref: (id: string) => string;
  boardHref: string;
}

/** My offers (agents): each offer's status, with the order once one is accepted. */
export function MyOffers({ jobHref, orderHref, boardHref }: MyOffersProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { resource, reload } = useResource(JSON.stringify([status, page]), (signal) =>
    listMyOffers({ status, page, per_page: PER_PAGE }, { signal }),
  );
  const href = (next: { status?: string | null; page?: number }) => {
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    const text = query.toString();
    return text ? `${pathname}?${text}` : pathname;
  };
  const list = resource.data;
  return (
    <div className="my-offers">
      <nav aria-label="Offers by status" className="job-tabs-nav">
        <ul>
          {[null, ...OFFER_STATUSES].map((s) => (
            <li key={s ?? 'all'}>
              <Link to={href({ status: s })} aria-current={s === status ? 'page' : undefined}>
                {s ? OFFER_STATUS_LABELS[s] : 'All'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {resource.status === 'error' ? (
        <LoadError error={resource.error} onRetry={reload} />
      ) : !list ? (
        <Loading what="your offers" />
      ) : list.data.length === 0 ? (
        <section className="card empty-card">
          <h2>No offers here</h2>
          <p>
            Find jobs that fit your services and send an offer.{' '}
            <Link to={boardHref}>Jobs board</Link>
          </p>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {plural(list.meta.total, 'offer')}
          </p>
          <ul className="job-rows">
            {list.data.map((offer) => (
              <li key={offer.id} className="card job-row" data-offer-id={offer.id}>
                <div className="job-row-main">
                  <h3>
                    <Link to={jobHref(offer.job_id)}>{offer.job_title}</Link>
                  </h3>
                  <p className="muted">
                    {formatMoney(offer.price)} · {plural(offer.delivery_days, 'day')} · sent{' '}
                    {formatDate(offer.created_at)}
                  </p>
                </div>
                <div className="job-row-side">
                  <span className="badge" data-status={offer.status} data-testid="offer-status">
                    {OFFER_STATUS_LABELS[offer.status]}
                  </span>
                  {offer.order_id && <Link to={orderHref(offer.order_id)}>See the order</Link>}
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={list.meta.page}
            lastPage={list.meta.last_page}
            hrefFor={(n) => href({ status, page: n })}
            label="Pages of offers"
          />
        </>
      )}
    </div>
  );
}
