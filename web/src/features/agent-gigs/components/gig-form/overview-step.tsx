import { DescriptionField } from '@/components/form/description-field';
import { Field } from '@/components/form/render-field';
import { ServiceField } from '@/components/form/service-field';
import type { ServiceChoices, SetValue, StepProps } from './types';

export interface OverviewStepProps extends StepProps {
  services: ServiceChoices;
  set: SetValue;
  /** Whether the description shows rendered (Preview) instead of its text (Write). */
  isPreview: boolean;
  setPreview: (isPreview: boolean) => void;
}

/** Step 1: title, service, description (with a preview), location, destinations, languages. */
export function OverviewStep({
  values,
  errors,
  id,
  services,
  set,
  isPreview,
  setPreview,
}: OverviewStepProps) {
  return (
    <>
      <Field
        id={id('title')}
        label="Title"
        hint="What you offer, in 10 to 80 characters."
        error={errors.title}
      >
        {(props) => (
          <input
            {...props}
            value={values.title}
            maxLength={80}
            onChange={(e) => set('title', e.target.value)}
          />
        )}
      </Field>
      <ServiceField
        id={id('service_id')}
        value={values.service_id}
        services={services}
        error={errors.service_id}
        onChange={(serviceId) => set('service_id', serviceId)}
      />
      {services === 'error' && (
        <p className="muted" role="alert">
          The list of services could not be loaded (offline?). Everything else can be filled in;
          reload the page when you are back online to choose the service.
        </p>
      )}
      <DescriptionField
        id={id('description')}
        value={values.description}
        onChange={(value) => set('description', value)}
        error={errors.description}
        hint={
          <>
            Markdown: **bold**, *italic*, lists with “- ”, headings with “## ”. 50 to 5,000
            characters ({values.description.trim().length} now).
          </>
        }
        isPreview={isPreview}
        setPreview={setPreview}
        rows={10}
        maxLength={5000}
        classNames={{ head: 'gig-description-head', toggle: 'gig-tabs', preview: 'gig-preview' }}
      />
      <div className="form-grid">
        <Field
          id={id('location')}
          label="Location"
          hint="Where you work from, if the gig happens in one place."
          error={errors.location}
        >
          {(props) => (
            <input
              {...props}
              value={values.location}
              maxLength={80}
              onChange={(e) => set('location', e.target.value)}
            />
          )}
        </Field>
        <Field
          id={id('destinations')}
          label="Destinations"
          hint="The places you serve, separated by commas: Kyoto, Osaka."
          error={errors.destinations}
        >
          {(props) => (
            <input
              {...props}
              value={values.destinations}
              onChange={(e) => set('destinations', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field
        id={id('languages')}
        label="Languages"
        hint="Separate them with commas: English, Japanese."
        error={errors.languages}
      >
        {(props) => (
          <input
            {...props}
            value={values.languages}
            onChange={(e) => set('languages', e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
