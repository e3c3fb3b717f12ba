import { useId, useRef, useState } from 'react';
import { ConnectionAlerts, type SaveAlert } from '@/components/form/connection-alerts';
import { DescriptionField } from '@/components/form/description-field';
import { DraftNotice } from '@/components/form/draft-notice';
import { Field } from '@/components/form/render-field';
import { useOnlineStatus } from '@/components/ui/use-online-status';
import { useSendWhenOnline } from '@/components/form/use-send-when-online';
import { ApiError, INPUT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { useDraft } from '@/lib/local-db-drafts';
import { createProject, updateProject, type Project } from '../api/projects';
import {
  checkProjectValues,
  emptyProjectValues,
  toProjectFormErrors,
  toProjectRequest,
  valuesFromProject,
  type ProjectFormErrors,
  type ProjectFormValues,
} from '../utils/project-form';
import './projects.css';

/** The service categories to choose from, or where their list stands. */
export type ExpertiseChoices = { id: string; name: string }[] | 'loading' | 'error';

export interface ProjectFormProps {
  services: ExpertiseChoices;
  /** The project being edited; none for a new one. */
  project?: Project;
  /** After a save: the project as the server has it now. */
  onSaved: (project: Project) => void;
}

const KEPT = 'Everything you entered is kept on this device; it is saved once you are connected.';

/**
 * Post Project (and edit one), for Lecturers. What is typed is autosaved as a draft in the
 * lecturer's own database (offline too, and on to their other devices after sync). "Save as
 * draft" keeps the project unpublished on the server; "Publish" opens it to applications. Saved
 * offline, the choice waits in the draft and is sent once the connection is back (with this
 * form open). The server's field errors show at the fields.
 */
export function ProjectForm({ services, project, onSaved }: ProjectFormProps) {
  const formId = useId();
  const [values, setValues] = useState<ProjectFormValues>(() =>
    project ? valuesFromProject(project) : emptyProjectValues(),
  );
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const [alert, setAlert] = useState<SaveAlert | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isPreview, setPreview] = useState(false);
  const isOnline = useOnlineStatus();
  const draft = useDraft('project', project ? project.id : 'new', values);
  const busyRef = useRef(false);
  const isPublished = !!project && project.status !== 'draft';

  const id = (key: string) => `${formId}-${key}`;
  const set = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // Spec section 5: typing in a field clears that field's error.
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  const showErrors = (found: ProjectFormErrors, message: string) => {
    setErrors(found);
    setAlert({ kind: 'error', text: message, details: found.form ?? [] });
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('.project-form [aria-invalid="true"]')?.focus();
    });
  };

  const save = async (current: ProjectFormValues, status: 'draft' | 'open') => {
    if (busyRef.current) return;
    const found = checkProjectValues(current);
    if (Object.keys(found).length) {
      showErrors(found, INPUT_ERROR_MESSAGE);
      return;
    }
    if (!navigator.onLine) {
      setValues({ ...current, save_when_online: status });
      setAlert({
        kind: 'offline',
        text: `You are offline. The project is ${status === 'open' ? 'published' : 'saved as a draft'} as soon as you are back online. ${KEPT}`,
      });
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setAlert(null);
    setErrors({});
    let next = current;
    try {
      const request = toProjectRequest(next, status);
      let saved: Project;
      if (next.project_id) {
        const { status: wanted, ...fields } = request;
        // PATCH publishes a draft with status 'open'; without it a project keeps its status.
        saved = await updateProject(
          next.project_id,
          wanted === 'open' && !isPublished ? { ...fields, status: 'open' } : fields,
        );
      } else {
        saved = await createProject(request);
        next = { ...next, project_id: saved.id };
        setValues(next);
      }
      draft.clear();
      setValues({ ...next, save_when_online: '' });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError) {
        setValues({ ...next, save_when_online: status });
        setAlert({ kind: 'offline', text: `${NETWORK_ERROR_MESSAGE} ${KEPT}` });
      } else if (error instanceof ApiError && Object.keys(error.errors).length) {
        setValues({ ...next, save_when_online: '' });
        showErrors(toProjectFormErrors(error.errors), error.message);
      } else {
        setValues({ ...next, save_when_online: '' });
        setAlert({
          kind: 'error',
          text: error instanceof Error ? error.message : 'The project could not be saved.',
        });
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // Saved offline: save as soon as the connection is back.
  const { save_when_online: waiting } = values;
  useSendWhenOnline(isOnline, waiting, values, save);

  const servicesList = Array.isArray(services) ? services : [];
  const today = new Date().toISOString().slice(0, 10);

  return (
    <form
      className="form project-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(values, 'open');
      }}
    >
      <DraftNotice
        draft={draft}
        onResume={(fields) => {
          // A draft "saved when online" elsewhere is saved by that device; here it waits.
          setValues({ ...fields, save_when_online: '' });
          setErrors({});
        }}
      />
      <ConnectionAlerts
        isOnline={isOnline}
        offlineText="You are offline. Keep going: your draft is saved on this device. Publishing waits for a connection."
        waitingText={
          waiting
            ? `Waiting for a connection to ${waiting === 'open' ? 'publish' : 'save'} this project.`
            : null
        }
        alert={alert}
        offlineClassName="project-offline"
        testIds={{ waiting: 'project-waiting', alert: 'project-form-alert' }}
      />

      <section className="card project-form-section form-section">
        <h2>The brief</h2>
        <Field id={id('title')} label="Title" hint="10 to 120 characters." error={errors.title}>
          {(props) => (
            <input
              {...props}
              value={values.title}
              maxLength={120}
              onChange={(e) => set('title', e.target.value)}
            />
          )}
        </Field>
        <DescriptionField
          id={id('description')}
          value={values.description}
          onChange={(value) => set('description', value)}
          error={errors.description}
          hint="Markdown: **bold**, *italic*, lists with “- ”. The goal, what participants do and learn, and what you expect from them."
          isPreview={isPreview}
          setPreview={setPreview}
          rows={10}
          maxLength={10_000}
          classNames={{
            head: 'project-description-head',
            toggle: 'project-toggle',
            preview: 'project-preview',
          }}
        />
        <fieldset
          className="project-checks"
          aria-invalid={errors.expertise ? true : undefined}
          aria-describedby={errors.expertise ? id('expertise-error') : undefined}
        >
          <legend>Expertise wanted</legend>
          {services === 'loading' && <p className="muted">The services are loading…</p>}
          {services === 'error' && (
            <p className="field-error">The services could not be loaded. Reload to try again.</p>
          )}
          {servicesList.map((service) => (
            <label key={service.id}>
              <input
                type="checkbox"
                checked={values.expertise.includes(service.id)}
                onChange={(e) =>
                  set(
                    'expertise',
                    e.target.checked
                      ? [...values.expertise, service.id]
                      : values.expertise.filter((x) => x !== service.id),
                  )
                }
              />{' '}
              {service.name}
            </label>
          ))}
          {errors.expertise && (
            <p id={id('expertise-error')} className="field-error" data-field-error>
              {errors.expertise.join(' ')}
            </p>
          )}
        </fieldset>
      </section>

      <section className="card project-form-section form-section">
        <h2>Who and how many</h2>
        <fieldset
          className="project-checks"
          aria-describedby={errors.applicant_types ? id('types-error') : undefined}
        >
          <legend>Who may apply</legend>
          <label>
            <input
              type="checkbox"
              checked={values.allow_individual}
              onChange={(e) => {
                set('allow_individual', e.target.checked);
                setErrors((c) => ({ ...c, applicant_types: undefined }));
              }}
            />{' '}
            Individuals
          </label>
          <label>
            <input
              type="checkbox"
              checked={values.allow_team}
              onChange={(e) => {
                set('allow_team', e.target.checked);
                setErrors((c) => ({ ...c, applicant_types: undefined }));
              }}
            />{' '}
            Teams (a student's party)
          </label>
          {errors.applicant_types && (
            <p id={id('types-error')} className="field-error" data-field-error>
              {errors.applicant_types.join(' ')}
            </p>
          )}
        </fieldset>
        <Field
          id={id('slots')}
          label="Places"
          hint="How many applicants you accept: a student alone or a whole team is one place."
          error={errors.slots}
        >
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={values.slots}
              onChange={(e) => set('slots', e.target.value)}
            />
          )}
        </Field>
      </section>

      <section className="card project-form-section form-section">
        <h2>When and where</h2>
        <Field
          id={id('deadline')}
          label="Application deadline"
          hint="Applications close at the end of this day (UTC)."
          error={errors.deadline}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              min={isPublished ? undefined : today}
              value={values.deadline}
              onChange={(e) => set('deadline', e.target.value)}
            />
          )}
        </Field>
        <div className="form-grid">
          <Field id={id('start_date')} label="Start date" error={errors.start_date}>
            {(props) => (
              <input
                {...props}
                type="date"
                min={values.deadline || undefined}
                value={values.start_date}
                onChange={(e) => set('start_date', e.target.value)}
              />
            )}
          </Field>
          <Field id={id('end_date')} label="End date" error={errors.end_date}>
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
        <label className="project-remote">
          <input
            type="checkbox"
            checked={values.is_remote}
            onChange={(e) => {
              set('is_remote', e.target.checked);
              setErrors((c) => ({ ...c, location: undefined }));
            }}
          />{' '}
          Remote (no place to travel to)
        </label>
        {!values.is_remote && (
          <Field id={id('location')} label="Location" error={errors.location}>
            {(props) => (
              <input
                {...props}
                value={values.location}
                maxLength={100}
                onChange={(e) => set('location', e.target.value)}
              />
            )}
          </Field>
        )}
      </section>

      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={isBusy || undefined}>
          {isBusy ? 'Saving…' : isPublished ? 'Save changes' : 'Publish'}
        </button>
        {!isPublished && (
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={isBusy || undefined}
            onClick={() => void save(values, 'draft')}
          >
            Save as draft
          </button>
        )}
      </div>
    </form>
  );
}
