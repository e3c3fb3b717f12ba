import type { Gig } from '../../api/gigs';
import { TIER_LABELS, TIERS, type GigFormValues } from '../../utils/gig-form';
import type { ServiceChoices } from './types';

export interface PublishStepProps {
  values: GigFormValues;
  services: ServiceChoices;
  /** The gig being edited; none for a new gig. */
  gig?: Gig;
  /** Images kept plus images picked. */
  imageCount: number;
  /** Images picked that are not uploaded yet. */
  pendingCount: number;
}

/** Step 5: a summary of the gig before it is published or kept as a draft. */
export function PublishStep({ values, services, gig, imageCount, pendingCount }: PublishStepProps) {
  const serviceOptions = Array.isArray(services) ? services : [];
  return (
    <>
      <dl className="gig-summary">
        <dt>Title</dt>
        <dd>{values.title || '—'}</dd>
        <dt>Service</dt>
        <dd>
          {serviceOptions.find((s) => s.id === values.service_id)?.name ??
            (values.service_id || '—')}
        </dd>
        <dt>Packages</dt>
        <dd>
          {TIERS.filter((tier) => values[tier].enabled)
            .map(
              (tier) =>
                `${values[tier].name || TIER_LABELS[tier]} (${values[tier].price || '?'} USD)`,
            )
            .join(', ') || 'None yet'}
        </dd>
        <dt>Extras</dt>
        <dd>{values.extras.length}</dd>
        <dt>Images</dt>
        <dd>
          {imageCount}
          {pendingCount > 0 && ` (${pendingCount} to upload)`}
        </dd>
      </dl>
      <p className="muted">
        {gig
          ? `This gig is ${gig.status === 'active' ? 'published' : gig.status === 'paused' ? 'paused' : 'a draft'} now.`
          : 'Publish it to show it in search, or keep it as a draft that only you see.'}
      </p>
    </>
  );
}
