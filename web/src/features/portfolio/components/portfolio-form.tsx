import { useId, useRef, useState } from 'react';
import { ConnectionAlerts, type SaveAlert } from '@/components/form/connection-alerts';
import { DescriptionField } from '@/components/form/description-field';
import { DraftNotice } from '@/components/form/draft-notice';
import { FileDrop, useUploadProgress } from '@/components/form/file-drop';
import { Field } from '@/components/form/render-field';
import { ServiceField, type ServiceChoices } from '@/components/form/service-field';
import { useOnlineStatus } from '@/components/ui/use-online-status';
import { ApiError, INPUT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { checkImage, IMAGE_FILE_ACCEPT } from '@/lib/image-files';
import { useDraft } from '@/lib/local-db-drafts';
import { useResource } from '@/lib/use-resource';
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_IMAGES_MAX,
  PORTFOLIO_TITLE_MAX,
} from '@wayfarer/api/schemas/portfolio';
import {
  createProject,
  listCompletedOrders,
  removeProjectImage,
  updateProject,
  uploadProjectImage,
  type OwnPortfolioProject,
} from '../api/portfolio';
import {
  checkPortfolioValues,
  emptyPortfolioValues,
  MONTHS,
  toPortfolioFields,
  toPortfolioFormErrors,
  valuesFromProject,
  type PortfolioFormErrors,
  type PortfolioFormValues,
} from '../utils/portfolio-form';
import './portfolio.css';

export interface PortfolioFormProps {
  services: ServiceChoices;
  /** The project being edited; none for a new one. */
  project?: OwnPortfolioProject;
  /** After a save: the project as the server has it now. */
  onSaved: (project: OwnPortfolioProject) => void;
}

const KEPT = 'What you typed is kept on this device as a draft; save once you are connected.';

/** The agent's completed orders to link, or where their list stands. */
function OrderField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string[];
  onChange: (orderId: string) => void;
}) {
  const { resource } = useResource('completed-orders', (signal) => listCompletedOrders({ signal }));
  const orders = resource.data ?? [];
  const hint =
    resource.status === 'ready' && orders.length === 0
      ? 'Once you complete an order here, you can link the project to it: the profile then marks it as completed through Wayfarer.'
      : 'Optional: the order this work was. The profile marks the project as completed through Wayfarer (the customer and the price stay private).';
  return (
    <Field id={id} label="Completed order" hint={hint} error={error}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">
            {resource.status === 'loading'
              ? 'Your completed orders are loading…'
              : resource.status === 'error'
                ? 'Your orders could not be loaded'
                : 'None'}
          </option>
          {value && !orders.some((o) => o.id === value) && (
            <option value={value}>The order linked now</option>
          )}
          {orders.map((order) => (
            <option key={order.id} value={order.id}>
              {order.gig_title} · {order.customer_name}
              {order.completed_at ? ` · ${formatDate(order.completed_at)}` : ''}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Add a portfolio project (and edit one): title, service, the story in Markdown, when it was
 * done, the completed order it was, and up to six pictures. The text is autosaved as a draft in
 * the agent's own database (offline too); saving needs a connection. The project is written
 * first, then removed pictures are deleted and new ones uploaded one by one with their progress;
 * a save that stops half-way continues the same project. The server's field errors show by their
 * fields; a project changed on another device meanwhile is a 409 that says to reload.
 */
export function PortfolioForm({ services, project, onSaved }: PortfolioFormProps) {
  const formId = useId();
  const [values, setValues] = useState<PortfolioFormValues>(() =>
    project ? valuesFromProject(project) : emptyPortfolioValues(),
  );
  // The project as last written here: its id once created, its revision, its pictures.
  const [saved, setSaved] = useState<OwnPortfolioProject | undefined>(project);
  const [kept, setKept] = useState<string[]>(project?.images ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<PortfolioFormErrors>({});
  const [alert, setAlert] = useState<SaveAlert | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isPreview, setPreview] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const upload = useUploadProgress();
  const isOnline = useOnlineStatus();
  const draft = useDraft('portfolio', project ? project.id : 'new', values);
  const busyRef = useRef(false);

  const id = (key: string) => `${formId}-${key}`;
  const set = <K extends keyof PortfolioFormValues>(key: K, value: PortfolioFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };
  const room = PORTFOLIO_IMAGES_MAX - kept.length;

  const showErrors = (found: PortfolioFormErrors, message: string) => {
    setErrors(found);
    setAlert({ kind: 'error', text: message, details: found.form ?? [] });
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('.portfolio-form [aria-invalid="true"]')?.focus();
    });
  };

  const save = async () => {
    if (busyRef.current) return;
    const found = checkPortfolioValues(values);
    if (Object.keys(found).length) {
      showErrors(found, INPUT_ERROR_MESSAGE);
      return;
    }
    if (!navigator.onLine) {
      setAlert({ kind: 'offline', text: `You are offline. ${KEPT}` });
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setAlert(null);
    setErrors({});
    // What the server has so far: a save that stops half-way keeps what it wrote.
    let current = saved;
    try {
      const fields = toPortfolioFields(values);
      let written = current
        ? await updateProject(current.id, { ...fields, revision: current.revision })
        : await createProject(fields);
      current = written;
      setSaved(written);
      for (const url of written.images.filter((u) => !kept.includes(u))) {
        written = await removeProjectImage(written.id, url);
        current = written;
        setSaved(written);
      }
      for (const [index, file] of files.entries()) {
        const projectId = written.id;
        setUploading(`Uploading picture ${index + 1} of ${files.length}`);
        written = await upload.track((send) =>
          uploadProjectImage(projectId, file, file.name, send),
        );
        current = written;
        setSaved(written);
        setKept(written.images);
        setFiles((left) => left.filter((f) => f !== file));
      }
      draft.clear();
      onSaved(written);
    } catch (error) {
      const images = current?.images;
      if (images) setKept((list) => list.filter((u) => images.includes(u)));
      if (error instanceof ApiError && error.isNetworkError) {
        setAlert({ kind: 'offline', text: `${NETWORK_ERROR_MESSAGE} ${KEPT}` });
      } else if (error instanceof ApiError && Object.keys(error.errors).length) {
        showErrors(toPortfolioFormErrors(error.errors), error.message);
      } else if (error instanceof ApiError && [413, 415].includes(error.status)) {
        showErrors({ images: [error.message] }, error.message);
      } else {
        setAlert({
          kind: 'error',
          text: error instanceof Error ? error.message : 'The project could not be saved.',
        });
      }
    } finally {
      setUploading(null);
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <form
      className="form portfolio-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <DraftNotice
        draft={draft}
        onResume={(fields) => {
          setValues(fields);
          setErrors({});
        }}
      />
      <ConnectionAlerts
        isOnline={isOnline}
        offlineText="You are offline. Keep going: your text is saved on this device. Saving the project needs a connection."
        alert={alert}
        offlineClassName="portfolio-offline"
        testIds={{ alert: 'portfolio-form-alert' }}
      />

      <section className="card portfolio-form-section form-section">
        <h2>The project</h2>
        <Field
          id={id('title')}
          label="Title"
          hint={`What it was, in 3 to ${PORTFOLIO_TITLE_MAX} characters.`}
          error={errors.title}
        >
          {(props) => (
            <input
              {...props}
              value={values.title}
              maxLength={PORTFOLIO_TITLE_MAX}
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
          hint="Optional, up to 2,000 characters of Markdown: **bold**, *italic*, lists with “- ”. Who it was for, what you did, how it went."
          isPreview={isPreview}
          setPreview={setPreview}
          rows={7}
          maxLength={PORTFOLIO_DESCRIPTION_MAX}
        />
      </section>

      <section className="card portfolio-form-section form-section">
        <h2>When, and for whom</h2>
        <div className="portfolio-date">
          <Field id={id('completed_month')} label="Month completed">
            {(props) => (
              <select
                {...props}
                value={values.completed_month}
                onChange={(e) => set('completed_month', e.target.value)}
              >
                <option value="">Any month</option>
                {MONTHS.map((name, index) => (
                  <option key={name} value={String(index + 1).padStart(2, '0')}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={id('completed_year')}
            label="Year completed"
            hint="Optional, such as 2024."
            error={errors.completed_year}
          >
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={values.completed_year}
                onChange={(e) => set('completed_year', e.target.value)}
              />
            )}
          </Field>
        </div>
        <OrderField
          id={id('order_id')}
          value={values.order_id}
          error={errors.order_id}
          onChange={(orderId) => set('order_id', orderId)}
        />
      </section>

      <section className="card portfolio-form-section form-section">
        <h2>Pictures</h2>
        <p className="muted">
          The first picture is the project’s cover. New pictures are uploaded when you save.
        </p>
        {kept.length > 0 && (
          <ul className="portfolio-kept-images" aria-label="Pictures of the project">
            {kept.map((url, index) => (
              <li key={url}>
                <img src={url} alt={`Picture ${index + 1} of the project`} />
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => setKept((list) => list.filter((u) => u !== url))}
                >
                  Remove<span className="visually-hidden"> picture {index + 1}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {room > 0 ? (
          <FileDrop
            label="Add pictures"
            hint={`Up to ${PORTFOLIO_IMAGES_MAX} pictures in all: PNG, JPEG or WebP, each at most 2 MB.`}
            accept={IMAGE_FILE_ACCEPT}
            multiple
            files={files}
            onAdd={(added) => setFiles((current) => [...current, ...added])}
            onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))}
            check={async (file) => {
              const result = await checkImage(file);
              return result.ok ? null : result.error;
            }}
            maxFiles={room}
            errors={errors.images}
            progress={upload.progress}
            progressLabel={uploading ?? undefined}
            disabled={isBusy}
          />
        ) : (
          <p className="muted">
            A project has at most {PORTFOLIO_IMAGES_MAX} pictures: remove one to add another.
          </p>
        )}
      </section>

      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={isBusy || undefined}>
          {isBusy ? 'Saving…' : saved ? 'Save changes' : 'Add project'}
        </button>
      </div>
    </form>
  );
}
