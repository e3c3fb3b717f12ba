import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useIsOnline } from '@/components/ui/use-online-status';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, plural } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { useDeviceJob } from '../api/device-jobs';
import {
  acceptOffer,
  closeJob,
  declineOffer,
  getJob,
  type JobWithOffers,
  type Offer,
  type Order,
} from '../api/jobs';
import { OFFER_STATUS_LABELS } from '../utils/format';
import { JobBrief } from './job-brief';
import { LoadError, Loading } from '@/components/ui/load-state';
import { DeviceCopyNote } from './load-state';
import './jobs.css';

export interface CustomerJobPageProps {
  jobId: string;
  editHref: (id: string) => string;
  orderHref: (id: string) => string;
  /** The conversation with an offer's agent about the job (null: the agent has no tagname). */
  messageHref: (offer: Offer) => string | null;
  profileHref: (offer: Offer) => string | null;
  serviceName: (id: string) => string | undefined;
  /** After accepting: the order waiting for payment (the app goes to its checkout). */
  onAccepted: (order: Order) => void;
}

/**
 * The customer's job: the brief, closing it, and the offers side by side (price, delivery,
 * revisions, message, the agent's rating, level and response time) with a way to message each
 * agent, accept one (an order at its terms, then checkout) or decline it. Offline it shows the
 * device's mirror of the job and its offers, without the actions.
 */
export function CustomerJobPage(props: CustomerJobPageProps) {
  const { jobId, editHref, serviceName } = props;
  const isOnline = useIsOnline();
  const { resource, reload, setData } = useResource<JobWithOffers>(
    isOnline ? `job:${jobId}` : null,
    (signal) => getJob(jobId, { signal }),
  );
  const fromDevice = !isOnline || isUnreachable(resource);
  const mirror = useDeviceJob(fromDevice ? jobId : null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const job: JobWithOffers | undefined = fromDevice
    ? mirror
      ? { ...mirror.job, offers: mirror.offers }
      : undefined
    : resource.status === 'ready'
      ? resource.data
      : undefined;

  if (!job) {
    if (fromDevice && mirror === null)
      return (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">
            You are offline and this job is not on this device yet. It shows here once you are back
            online.
          </p>
        </div>
      );
    if (!fromDevice && resource.status === 'error')
      return <LoadError error={resource.error} onRetry={reload} />;
    return <Loading what="the job" />;
  }

  const run = async (key: string, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(key);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'That did not work. Try again.');
    } finally {
      setBusy(null);
    }
  };

  const offers = job.offers ?? [];
  const canAct = !fromDevice;
  return (
    <div className="job-page">
      {fromDevice && (
        <DeviceCopyNote
          what="this job and its offers"
          at={mirror ? formatDateTime(mirror.mirrored_at) : null}
        />
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{error}</p>
        </div>
      )}
      {canAct && (job.actions.includes('edit') || job.actions.includes('close')) && (
        <div className="job-page-actions">
          {job.actions.includes('edit') && (
            <Link className="button button-secondary" to={editHref(job.id)}>
              Edit job
            </Link>
          )}
          {job.actions.includes('close') && (
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={busy !== null || undefined}
              onClick={() =>
                void run('close', async () => {
                  if (!window.confirm('Close this job? Agents can no longer send offers.')) return;
                  const closed = await closeJob(job.id);
                  setData((current) => ({ ...current, ...closed }));
                })
              }
            >
              {busy === 'close' ? 'Closing…' : 'Close job'}
            </button>
          )}
        </div>
      )}
      {job.order_id && (
        <p className="alert" role="status">
          You accepted an offer. <Link to={props.orderHref(job.order_id)}>See the order</Link>
        </p>
      )}
      <JobBrief job={job} serviceName={serviceName(job.service_id)} />
      <section aria-labelledby="job-offers-title" className="job-offers-section">
        <h2 id="job-offers-title">Offers ({offers.length})</h2>
        {offers.length === 0 ? (
          <p className="muted">
            No offers yet. Agents of this service see your job on their board; you are notified of
            each offer.
          </p>
        ) : (
          <ul className="job-offers">
            {offers.map((offer) => (
              <OfferCard
                key={offer.id}
                offer={offer}
                messageHref={props.messageHref(offer)}
                profileHref={props.profileHref(offer)}
                actions={
                  canAct && (
                    <>
                      {offer.actions.includes('accept') && (
                        <button
                          type="button"
                          className="button"
                          aria-disabled={busy !== null || undefined}
                          onClick={() =>
                            void run(`accept:${offer.id}`, async () => {
                              const order = await acceptOffer(offer.id);
                              props.onAccepted(order);
                            })
                          }
                        >
                          {busy === `accept:${offer.id}` ? 'Accepting…' : 'Accept'}
                        </button>
                      )}
                      {offer.actions.includes('decline') && (
                        <button
                          type="button"
                          className="button button-secondary"
                          aria-disabled={busy !== null || undefined}
                          onClick={() =>
                            void run(`decline:${offer.id}`, async () => {
                              const declined = await declineOffer(offer.id);
                              setData((current) => ({
                                ...current,
                                offers: (current.offers ?? []).map((o) =>
                                  o.id === declined.id ? declined : o,
                                ),
                              }));
                            })
                          }
                        >
                          {busy === `decline:${offer.id}` ? 'Declining…' : 'Decline'}
                        </button>
                      )}
                      {offer.order_id && (
                        <Link
                          className="button button-secondary"
                          to={props.orderHref(offer.order_id)}
                        >
                          See the order
                        </Link>
                      )}
                    </>
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function responseTime(hours: number | null): string {
  if (hours === null) return 'not known yet';
  if (hours < 1) return 'within an hour';
  if (hours < 24) return `about ${plural(Math.round(hours), 'hour')}`;
  return `about ${plural(Math.round(hours / 24), 'day')}`;
}

/** One offer, as the customer compares it with the others. */
function OfferCard({
  offer,
  messageHref,
  profileHref,
  actions,
}: {
  offer: Offer;
  messageHref: string | null;
  profileHref: string | null;
  actions: ReactNode;
}) {
  const { agent } = offer;
  return (
    <li className="card offer-card" data-offer-id={offer.id} data-status={offer.status}>
      <div className="offer-card-head">
        <h3>{profileHref ? <Link to={profileHref}>{agent.full_name}</Link> : agent.full_name}</h3>
        <span className="badge" data-status={offer.status}>
          {OFFER_STATUS_LABELS[offer.status]}
        </span>
      </div>
      <p className="offer-price" data-testid="offer-price">
        {formatMoney(offer.price)}
      </p>
      <dl className="offer-facts">
        <div>
          <dt>Delivery</dt>
          <dd>{plural(offer.delivery_days, 'day')}</dd>
        </div>
        <div>
          <dt>Revisions</dt>
          <dd>{offer.revisions}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>
            {agent.rating === null
              ? 'No reviews yet'
              : `${agent.rating.toFixed(1)} (${plural(agent.rating_count, 'review')})`}
          </dd>
        </div>
        <div>
          <dt>Level</dt>
          <dd>{agent.level}</dd>
        </div>
        <div>
          <dt>Responds</dt>
          <dd>{responseTime(agent.response_time_hours)}</dd>
        </div>
      </dl>
      {offer.gig && <p className="muted">Based on the gig “{offer.gig.title}”.</p>}
      <p className="offer-message">{offer.message}</p>
      <div className="offer-actions">
        {messageHref && (
          <Link className="button button-secondary" to={messageHref}>
            Message {agent.full_name}
          </Link>
        )}
        {actions}
      </div>
    </li>
  );
}
