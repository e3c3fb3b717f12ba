import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, plural } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { getJob, withdrawOffer, type Job, type Offer } from '../api/jobs';
import { OFFER_STATUS_LABELS } from '../utils/format';
import { JobBrief } from './job-brief';
import { LoadError, Loading } from '@/components/ui/load-state';
import { OfferForm } from './offer-form';
import './jobs.css';

export interface AgentJobPageProps {
  jobId: string;
  boardHref: string;
  orderHref: (id: string) => string;
  /** The conversation with the job's customer about the job. */
  messageHref: (job: Job) => string | null;
  serviceName: (id: string) => string | undefined;
}

/** A job as an agent sees it: the brief and their offer (send, edit or withdraw it). */
export function AgentJobPage({
  jobId,
  boardHref,
  orderHref,
  messageHref,
  serviceName,
}: AgentJobPageProps) {
  const { resource, reload, setData } = useResource<Job>(`job:${jobId}`, (signal) =>
    getJob(jobId, { signal }),
  );
  const [isEditing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (resource.status !== 'ready') return <Loading what="the job" />;
  const job = resource.data;
  const offer = job.my_offer;
  const saved = (next: Offer) => {
    setEditing(false);
    setData((current) => ({
      ...current,
      my_offer: next,
      actions: current.actions.filter((a) => a !== 'offer'),
    }));
  };
  const withdraw = async (target: Offer) => {
    if (isBusy || !window.confirm('Withdraw your offer? The customer no longer sees it.')) return;
    setBusy(true);
    setError(null);
    try {
      saved(await withdrawOffer(target.id));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The offer could not be withdrawn.');
    } finally {
      setBusy(false);
    }
  };
  const message = messageHref(job);

  return (
    <div className="job-page">
      <p>
        <Link to={boardHref}>Back to the jobs board</Link>
        {message && (
          <>
            {' · '}
            <Link to={message}>Message {job.customer.full_name}</Link>
          </>
        )}
      </p>
      <JobBrief job={job} serviceName={serviceName(job.service_id)} />
      {error && (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{error}</p>
        </div>
      )}
      {offer && !isEditing && (
        <section
          className="card my-offer"
          aria-labelledby="my-offer-title"
          data-status={offer.status}
        >
          <h2 id="my-offer-title">Your offer</h2>
          <p>
            <span className="badge" data-status={offer.status} data-testid="my-offer-status">
              {OFFER_STATUS_LABELS[offer.status]}
            </span>{' '}
            <span className="muted">sent {formatDateTime(offer.created_at)}</span>
          </p>
          <p className="offer-price">{formatMoney(offer.price)}</p>
          <p className="muted">
            {plural(offer.delivery_days, 'day')} · {plural(offer.revisions, 'revision')}
            {offer.gig ? ` · based on “${offer.gig.title}”` : ''}
          </p>
          <p className="offer-message">{offer.message}</p>
          <div className="offer-actions">
            {offer.actions.includes('edit') && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setEditing(true)}
              >
                Edit offer
              </button>
            )}
            {offer.actions.includes('withdraw') && (
              <button
                type="button"
                className="button button-secondary"
                aria-disabled={isBusy || undefined}
                onClick={() => void withdraw(offer)}
              >
                {isBusy ? 'Withdrawing…' : 'Withdraw offer'}
              </button>
            )}
            {offer.order_id && (
              <Link className="button" to={orderHref(offer.order_id)}>
                See the order
              </Link>
            )}
          </div>
        </section>
      )}
      {offer && isEditing && (
        <OfferForm
          jobId={job.id}
          offer={offer}
          onSaved={saved}
          onCancel={() => setEditing(false)}
        />
      )}
      {!offer && job.actions.includes('offer') && <OfferForm jobId={job.id} onSaved={saved} />}
      {!offer && !job.actions.includes('offer') && (
        <p className="muted">This job takes no offers now.</p>
      )}
    </div>
  );
}
