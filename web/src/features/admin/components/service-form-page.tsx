import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { ChoiceField, TextAreaField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { useForm, type FieldBinding } from '@/lib/form';
import { notify } from '@/stores/notification';
import { createService, getService, updateService } from '../api/services';
import { useResource } from '@/lib/use-resource';
import type { AdminService, ServiceFormValues, ServiceStatus } from '../types';
import { plural } from '@/lib/format';
import { LoadState } from './load-state';
import { FormPage } from './sub-page';
import { SERVICE_ICON_NAMES, ServiceIcon } from '@/components/ui/service-icon';
import './admin.css';

const STATUS_CHOICES = [
  { value: 'active', label: 'Active', description: 'In the public Services menu, with its page.' },
  { value: 'inactive', label: 'Inactive', description: 'Hidden from the public; gigs stay.' },
] as const;

/** The icon as a row of radio buttons, each showing its drawing. */
function IconField({ field }: { field: FieldBinding<string | null> }) {
  const legendId = useId();
  const options: (string | null)[] = [null, ...SERVICE_ICON_NAMES];
  return (
    <fieldset
      className="field icon-field"
      aria-describedby={field.error ? field.errorId : undefined}
    >
      <legend id={legendId}>Icon</legend>
      <div className="icon-choices">
        {options.map((name) => {
          const id = `${field.id}-${name ?? 'none'}`;
          return (
            <div key={name ?? 'none'} className="icon-choice">
              <input
                id={id}
                type="radio"
                name={field.name}
                checked={field.value === name}
                onChange={() => field.onChange(name)}
              />
              <label htmlFor={id}>
                {name ? (
                  <ServiceIcon icon={name} size={28} className="service-icon" />
                ) : (
                  <span aria-hidden="true">∅</span>
                )}
                <span className="icon-name">{name ?? 'None'}</span>
              </label>
            </div>
          );
        })}
      </div>
      {field.error && (
        <p id={field.errorId} className="field-error">
          {field.error}
        </p>
      )}
    </fieldset>
  );
}

function ServiceForm({ service }: { service?: AdminService }) {
  const navigate = useNavigate();
  const initialValues: ServiceFormValues = {
    name: service?.name ?? '',
    description: service?.description ?? '',
    status: service?.status ?? 'active',
    icon: service?.icon ?? null,
  };
  const form = useForm({
    initialValues,
    onSubmit: (values) => (service ? updateService(service.id, values) : createService(values)),
    onSuccess: (saved) => {
      notify(service ? `${saved.name} was saved.` : `${saved.name} was created.`);
      void navigate(buildPath('admin.services'));
    },
  });
  const status = form.field('status');
  return (
    <form className="form card service-form" onSubmit={form.submit} noValidate>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextField
        field={form.field('name')}
        label="Name"
        required
        maxLength={60}
        hint="Unique, 2 to 60 characters. The page address is made from it."
      />
      <TextAreaField
        field={form.field('description')}
        label="Description"
        required
        rows={4}
        maxLength={1000}
        hint="10 to 1,000 characters, shown on the service's public page."
      />
      <ChoiceField
        field={status as FieldBinding<ServiceStatus | ''>}
        legend="Status"
        choices={STATUS_CHOICES}
      />
      <IconField field={form.field('icon')} />
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Saving…">
          {service ? 'Save changes' : 'Create service'}
        </SubmitButton>
        <Link to={buildPath('admin.services')} className="button button-ghost">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** /admin/services/create */
export function ServiceCreatePage() {
  return (
    <FormPage
      back={buildPath('admin.services')}
      backLabel="All services"
      title="New service"
      intro={<p className="muted">A category agents publish gigs in and customers browse.</p>}
    >
      <ServiceForm />
    </FormPage>
  );
}

/** /admin/services/:id/edit */
export function ServiceEditPage() {
  const { id = '' } = useParams();
  const { resource, reload } = useResource(`service:${id}`, (signal) => getService(id, { signal }));
  return (
    <FormPage
      back={buildPath('admin.services')}
      backLabel="All services"
      title="Edit service"
      intro={
        resource.data && (
          <p className="muted">
            {resource.data.name} · {plural(resource.data.gig_count, 'gig')}
            {resource.data.status === 'active' && (
              <>
                {' · '}
                <Link to={buildPath('services.id', { id: resource.data.id })}>Public page</Link>
              </>
            )}
          </p>
        )
      }
    >
      <LoadState resource={resource} onRetry={reload} what="the service">
        {(service) => <ServiceForm key={service.updated_at} service={service} />}
      </LoadState>
    </FormPage>
  );
}
