import { useId, useRef, useState } from 'react';
import { ConnectionAlerts, type SaveAlert } from '@/components/form/connection-alerts';
import { DescriptionField } from '@/components/form/description-field';
import { DraftNotice } from '@/components/form/draft-notice';
import { FileDrop, useUploadProgress } from '@/components/form/file-drop';
import { useOnlineStatus } from '@/components/ui/use-online-status';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { ORDER_FILE_ACCEPT, ORDER_FILES_MAX, orderFileProblem } from '@/lib/order-files';
import { useDraft } from '@/lib/local-db-drafts';
import { createJob, updateJob, uploadJobAttachments, type Job } from '../api/jobs';
import {
  checkValues,
  emptyJobValues,
  toFormErrors,
  toJobFields,
  valuesFromJob,
  type FormErrors,
  type JobFormValues,
} from '../utils/job-form';
import { Field } from '@/components/form/render-field';
import { ServiceField, type ServiceChoices } from '@/components/form/service-field';
import { useSendWhenOnline } from '@/components/form/use-send-when-online';
import './jobs.css';

/** The service categories to choose from, or why there are none yet. */

export interface JobFormProps {
  services: ServiceChoices;
  /** The job being edited; none for a new job. */
  job?: Job;
  /** After a save: the job as the server has it now. */
  onSaved: (job: Job) => void;
}

const KEPT = 'Everything you entered is kept on this device; it is posted once you are connected.';

/**
 * Post a Job (and edit one). What is typed is autosaved as a draft in the customer's own
 * database, so the form survives going offline and a reload, and continues on another device
 * after sync. Posting offline marks the draft "post when online": the job is posted as soon as
 * the connection is back (with this form open). Field errors of the server show at the fields.
 */
export function JobForm({ services, job, onSaved }: JobFormProps) {
  const formId = useId();
  const [values, setValues] = useState<JobFormValues>(() =>
    job ? valuesFromJob(job) : emptyJobValues(),
  );
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadProgress();
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<SaveAlert | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isPreview, setPreview] = useState(false);
  const isOnline = useOnlineStatus();
  const draft = useDraft('job', job ? job.id : 'new', values);
  const busyRef = useRef(false);

  const id = (key: string) => `${formId}-${key}`;
  // A job holds at most ORDER_FILES_MAX files in all (the API's rule): the room left for new ones.
  const attached = job?.attachments ?? [];
  const room = ORDER_FILES_MAX - attached.length;
  const attachmentsHint = [
    attached.length
      ? `Already attached: ${attached.map((f) => f.name).join(', ')}. New files are added.`
      : 'Optional: an itinerary, a floor plan, photos. Files are sent when the job is posted (they are not kept in the draft).',
    `Up to ${plural(room, attached.length ? 'more file' : 'file')}: PNG, JPEG or WebP images or PDF documents, each at most 5 MB.`,
  ].join(' ');
  const set = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const showErrors = (found: FormErrors, message: string) => {
    setErrors(found);
    setAlert({ kind: 'error', text: message, details: found.form ?? [] });
    requestAnimationFrame(() => {
      const first = document.querySelector<HTMLElement>('.job-form [aria-invalid="true"]');
      first?.focus();
    });
  };

  const save = async (current: JobFormValues) => {
    if (busyRef.current) return;
    const found = checkValues(current);
    if (Object.keys(found).length) {
      showErrors(found, 'There were some problems with your input.');
      return;
    }
    if (!navigator.onLine) {
      setValues({ ...current, post_when_online: true });
      setAlert({
        kind: 'offline',
        text: `You are offline. ${job ? 'Your changes are saved' : 'The job is posted'} as soon as you are back online. ${KEPT}`,
      });
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setAlert(null);
    setErrors({});
    let next = current;
    try {
      const fields = toJobFields(next);
      let saved: Job;
      if (next.job_id) {
        saved = await updateJob(next.job_id, fields);
      } else {
        saved = await createJob(fields);
        next = { ...next, job_id: saved.id };
        setValues(next);
      }
      if (files.length > 0) {
        const { id } = saved;
        saved = await upload.track((send) => uploadJobAttachments(id, files, send));
        setFiles([]);
      }
      draft.clear();
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError) {
        setValues({ ...next, post_when_online: true });
        setAlert({ kind: 'offline', text: `${NETWORK_ERROR_MESSAGE} ${KEPT}` });
      } else if (error instanceof ApiError && Object.keys(error.errors).length) {
        setValues({ ...next, post_when_online: false });
        showErrors(toFormErrors(error.errors, next.budget_kind), error.message);
      } else {
        setValues({ ...next, post_when_online: false });
        setAlert({
          kind: 'error',
          text: error instanceof Error ? error.message : 'The job could not be saved.',
        });
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // Posted offline: post as soon as the connection is back.
  const { post_when_online: isWaiting } = values;
  useSendWhenOnline(isOnline, isWaiting, values, save);

  const today = new Date().toISOString().slice(0, 10);

  return (
    <form
      className="form job-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(values);
      }}
    >
      <DraftNotice
        draft={draft}
        onResume={(fields) => {
          // A draft "posted when online" elsewhere is posted by that device; here it waits
          // for a click, so two devices coming online do not both post it.
          setValues({ ...fields, post_when_online: false });
          setErrors({});
        }}
      />
      <ConnectionAlerts
        isOnline={isOnline}
        offlineText="You are offline. Keep going: your draft is saved on this device. Posting waits for a connection."
        waitingText={isWaiting ? 'Waiting for a connection to post this job.' : null}
        alert={alert}
        offlineClassName="job-offline"
        testIds={{ waiting: 'job-waiting', alert: 'job-form-alert' }}
      />

      <section className="card job-form-section form-section">
        <h2>What you need</h2>
        <Field
          id={id('title')}
          label="Title"
          hint="What you need, in 10 to 100 characters."
          error={errors.title}
        >
          {(props) => (
            <input
              {...props}
              value={values.title}
              maxLength={100}
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
        <DescriptionField
          id={id('description')}
          value={values.description}
          onChange={(value) => set('description', value)}
          error={errors.description}
          hint="Markdown: **bold**, *italic*, lists with “- ”. What you need, for whom, and anything an agent should know."
          isPreview={isPreview}
          setPreview={setPreview}
          rows={8}
          maxLength={5000}
          classNames={{ head: 'job-description-head', toggle: 'job-tabs', preview: 'job-preview' }}
        />
      </section>

      <section className="card job-form-section form-section">
        <h2>Budget</h2>
        <fieldset className="job-budget-kind">
          <legend>Kind of budget</legend>
          <label>
            <input
              type="radio"
              name={id('budget_kind')}
              checked={values.budget_kind === 'fixed'}
              onChange={() => set('budget_kind', 'fixed')}
            />{' '}
            A fixed price
          </label>
          <label>
            <input
              type="radio"
              name={id('budget_kind')}
              checked={values.budget_kind === 'range'}
              onChange={() => set('budget_kind', 'range')}
            />{' '}
            A range
          </label>
        </fieldset>
        {values.budget_kind === 'fixed' ? (
          <Field
            id={id('budget_amount')}
            label="Budget (US$)"
            hint="In US dollars, such as 450 or 449.99."
            error={errors.budget_amount}
          >
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                value={values.budget_amount}
                onChange={(e) => set('budget_amount', e.target.value)}
              />
            )}
          </Field>
        ) : (
          <div className="form-grid">
            <Field id={id('budget_min')} label="From (US$)" error={errors.budget_min}>
              {(props) => (
                <input
                  {...props}
                  inputMode="decimal"
                  value={values.budget_min}
                  onChange={(e) => set('budget_min', e.target.value)}
                />
              )}
            </Field>
            <Field id={id('budget_max')} label="To (US$)" error={errors.budget_max}>
              {(props) => (
                <input
                  {...props}
                  inputMode="decimal"
                  value={values.budget_max}
                  onChange={(e) => set('budget_max', e.target.value)}
                />
              )}
            </Field>
          </div>
        )}
      </section>

      <section className="card job-form-section form-section">
        <h2>The trip or event</h2>
        <div className="form-grid">
          <Field id={id('start_date')} label="Start date" error={errors.start_date}>
            {(props) => (
              <input
                {...props}
                type="date"
                min={job ? undefined : today}
                value={values.start_date}
                onChange={(e) => set('start_date', e.target.value)}
              />
            )}
          </Field>
          <Field
            id={id('end_date')}
            label="End date"
            hint="Leave empty for a single day."
            error={errors.end_date}
          >
            {(props) => (
              <input
                {...props}
                type="date"
                min={values.start_date || undefined}
                value={values.end_date}
                onChange={(e) => set('end_date', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="form-grid">
          <Field id={id('destination')} label="Destination" error={errors.destination}>
            {(props) => (
              <input
                {...props}
                value={values.destination}
                maxLength={120}
                onChange={(e) => set('destination', e.target.value)}
              />
            )}
          </Field>
          <Field id={id('travellers')} label="Travellers" error={errors.travellers}>
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                value={values.travellers}
                onChange={(e) => set('travellers', e.target.value)}
              />
            )}
          </Field>
        </div>
      </section>

      <section className="card job-form-section form-section">
        <h2>Attachments and how long it stays open</h2>
        {room > 0 ? (
          <FileDrop
            label="Attachments"
            hint={attachmentsHint}
            accept={ORDER_FILE_ACCEPT}
            multiple
            files={files}
            onAdd={(added) => setFiles((current) => [...current, ...added])}
            onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))}
            check={orderFileProblem}
            maxFiles={room}
            errors={errors.attachments}
            progress={upload.progress}
            progressLabel={`Uploading ${plural(files.length, 'file')}`}
            disabled={isBusy}
          />
        ) : (
          <p className="muted">
            Attached: {attached.map((f) => f.name).join(', ')}. A job has at most {ORDER_FILES_MAX}{' '}
            files.
          </p>
        )}
        <Field
          id={id('open_days')}
          label="Open for (days)"
          hint="Agents can send offers for this many days, 1 to 60."
          error={errors.open_days}
        >
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={values.open_days}
              onChange={(e) => set('open_days', e.target.value)}
            />
          )}
        </Field>
      </section>

      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={isBusy || undefined}>
          {isBusy ? 'Saving…' : job ? 'Save changes' : 'Post job'}
        </button>
      </div>
    </form>
  );
}
