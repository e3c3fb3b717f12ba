import { useId, useRef, useState } from 'react';
import { ConnectionAlerts, type SaveAlert } from '@/components/form/connection-alerts';
import { DraftNotice } from '@/components/form/draft-notice';
import { UploadProgressBar, useUploadProgress } from '@/components/form/file-drop';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { useDraft, type DraftControl } from '@/lib/local-db-drafts';
import { useOnlineStatus } from '@/components/ui/use-online-status';
import {
  createGig,
  removeGigImage,
  updateGig,
  uploadGigImage,
  type Gig,
  type GigStatus,
} from '../../api/gigs';
import { useImageDraft } from '../../hooks/use-image-draft';
import {
  checkValues,
  emptyGigValues,
  errorsOfStep,
  STEP_LABELS,
  stepOfKey,
  STEPS,
  TIERS,
  toFormErrors,
  toGigFields,
  valuesFromGig,
  type ExtraValues,
  type FormErrors,
  type GigFormValues,
  type PackageValues,
  type Step,
  type Tier,
} from '../../utils/gig-form';
import { ExtrasStep } from './extras-step';
import { ImagesStep } from './images-step';
import { OverviewStep } from './overview-step';
import { PackagesStep } from './packages-step';
import { PublishStep } from './publish-step';
import type { ServiceChoices } from './types';
import '../agent-gigs.css';

const OFFLINE_PUBLISH_MESSAGE =
  'You are offline. Saving a gig to the marketplace needs a connection: everything you entered is kept on this device (and on your other devices once it syncs). Try again when you are back online.';

export interface GigFormProps {
  /** The service categories to choose from, or why there are none yet. */
  services: ServiceChoices;
  /** The gig being edited; none for a new gig. */
  gig?: Gig;
  /** After a save: the gig as the server has it now. */
  onSaved: (gig: Gig) => void;
}

/**
 * Create a Gig (and edit one): overview, packages, extras, images, then publish or keep as a
 * draft. What is typed is autosaved as a draft in the agent's own database and picked images are
 * kept there too, so the form survives going offline and a reload, and continues on another
 * device after sync. Saving to the server needs the network; its field errors show at the fields.
 */
export function GigForm({ services, gig, onSaved }: GigFormProps) {
  const formId = useId();
  const [values, setValues] = useState<GigFormValues>(() =>
    gig ? valuesFromGig(gig) : emptyGigValues(),
  );
  const [step, setStep] = useState<Step>('overview');
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<SaveAlert | null>(null);
  const [busy, setBusy] = useState<GigStatus | null>(null);
  const [isPreview, setPreview] = useState(false);
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  const upload = useUploadProgress();
  const [uploadLabel, setUploadLabel] = useState('Uploading');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isOnline = useOnlineStatus();

  const draftKey = gig ? gig.id : 'new';
  const draft = useDraft('gig', draftKey, values);
  const imageDraft = useImageDraft(draftKey);
  const pending = imageDraft.images ?? [];
  const imageCount = values.kept_images.length + pending.length;

  // Discarding the offered draft drops its picked images too.
  const draftControl: DraftControl<GigFormValues> = {
    ...draft,
    discard: () => {
      draft.discard();
      void imageDraft.clear();
    },
  };

  const id = (key: string) => `${formId}-${key.replace(/\./g, '-')}`;
  const set = <K extends keyof GigFormValues>(key: K, value: GigFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setPackage = (tier: Tier, key: keyof PackageValues, value: string | boolean) =>
    setValues((current) => ({ ...current, [tier]: { ...current[tier], [key]: value } }));
  const setExtra = (index: number, key: keyof ExtraValues, value: string) =>
    setValues((current) => ({
      ...current,
      extras: current.extras.map((extra, i) => (i === index ? { ...extra, [key]: value } : extra)),
    }));

  const goTo = (next: Step) => {
    setStep(next);
    setPreview(false);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const showErrors = (found: FormErrors, message: string) => {
    setErrors(found);
    const first = STEPS.find((s) => Object.keys(found).some((key) => stepOfKey(key) === s));
    const general = found.form ?? [];
    setAlert({ kind: 'error', text: message, details: general });
    if (first) goTo(first);
  };

  const next = () => {
    const found = errorsOfStep(checkValues(values, 'draft'), step);
    if (step === 'packages' && !TIERS.some((tier) => values[tier].enabled))
      found.packages = ['Offer at least one package.'];
    setErrors((current) => ({ ...errorsWithout(current, step), ...found }));
    if (Object.keys(found).length) {
      setAlert({ kind: 'error', text: 'There were some problems with your input.' });
      return;
    }
    setAlert(null);
    goTo(STEPS[STEPS.indexOf(step) + 1] ?? step);
  };

  const save = async (status: GigStatus) => {
    if (busy) return;
    const found = checkValues(values, status);
    if (Object.keys(found).length) {
      showErrors(found, 'There were some problems with your input.');
      return;
    }
    if (!isOnline) {
      setAlert({ kind: 'offline', text: OFFLINE_PUBLISH_MESSAGE });
      return;
    }
    setBusy(status);
    setAlert(null);
    setErrors({});
    let current = values;
    try {
      const fields = toGigFields(current, status);
      let saved: Gig;
      if (current.gig_id) {
        saved = await updateGig(current.gig_id, fields);
      } else {
        saved = await createGig(fields);
        current = { ...current, gig_id: saved.id };
        setValues(current);
      }
      // Images removed in the form, then the new ones (each leaves the draft once uploaded).
      for (const url of saved.images.filter((u) => !current.kept_images.includes(u)))
        saved = await removeGigImage(saved.id, url);
      for (const [index, image] of pending.entries()) {
        const blob = await imageDraft.blobOf(image.name);
        const gigId = saved.id;
        setUploadLabel(`Uploading image ${index + 1} of ${pending.length}: ${image.file_name}`);
        try {
          saved = await upload.track((send) => uploadGigImage(gigId, blob, image.file_name, send));
        } catch (error) {
          if (error instanceof ApiError && error.status !== 0) {
            throw new ApiError(error.status, error.message, {
              images: [`${image.file_name}: ${error.message}`],
            });
          }
          throw error;
        }
        current = { ...current, kept_images: saved.images };
        setValues(current);
        await imageDraft.remove(image.name);
      }
      draft.clear();
      await imageDraft.clear();
      setBusy(null);
      onSaved(saved);
    } catch (error) {
      setBusy(null);
      if (error instanceof ApiError && error.isNetworkError) {
        setAlert({ kind: 'offline', text: `${NETWORK_ERROR_MESSAGE} ${KEPT}` });
      } else if (error instanceof ApiError && Object.keys(error.errors).length) {
        showErrors(toFormErrors(error.errors, current), error.message);
      } else {
        setAlert({
          kind: 'error',
          text: error instanceof Error ? error.message : 'The gig could not be saved.',
        });
      }
    }
  };

  return (
    <form
      className="form gig-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (step === 'publish') void save('active');
        else next();
      }}
    >
      <DraftNotice
        draft={draftControl}
        onResume={(fields) => {
          setValues(fields);
          setErrors({});
        }}
      />
      <ConnectionAlerts
        isOnline={isOnline}
        offlineText="You are offline. Keep going: your draft is saved on this device. Publishing waits for a connection."
        alert={alert}
        offlineClassName="gig-offline"
        testIds={{ alert: 'gig-form-alert' }}
      />

      <nav aria-label="Steps" className="gig-steps">
        <ol>
          {STEPS.map((s, index) => {
            const hasError = Object.keys(errors).some((key) => stepOfKey(key) === s);
            return (
              <li key={s}>
                <button
                  type="button"
                  aria-current={s === step ? 'step' : undefined}
                  data-error={hasError || undefined}
                  onClick={() => goTo(s)}
                >
                  <span aria-hidden="true">{index + 1}</span> {STEP_LABELS[s]}
                  {hasError && <span className="visually-hidden"> (has errors)</span>}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <section className="card gig-step form-section" aria-labelledby={id('step-title')}>
        <h2 id={id('step-title')} ref={headingRef} tabIndex={-1}>
          {STEP_LABELS[step]}
        </h2>

        {step === 'overview' && (
          <OverviewStep
            values={values}
            errors={errors}
            id={id}
            services={services}
            set={set}
            isPreview={isPreview}
            setPreview={setPreview}
          />
        )}
        {step === 'packages' && (
          <PackagesStep values={values} errors={errors} id={id} setPackage={setPackage} />
        )}
        {step === 'extras' && (
          <ExtrasStep values={values} errors={errors} id={id} set={set} setExtra={setExtra} />
        )}
        {step === 'images' && (
          <ImagesStep
            values={values}
            errors={errors}
            id={id}
            set={set}
            imageDraft={imageDraft}
            pickErrors={pickErrors}
            setPickErrors={setPickErrors}
          />
        )}
        {step === 'publish' && (
          <PublishStep
            values={values}
            services={services}
            gig={gig}
            imageCount={imageCount}
            pendingCount={pending.length}
          />
        )}
      </section>

      {upload.progress && <UploadProgressBar progress={upload.progress} label={uploadLabel} />}

      <div className="form-actions gig-actions">
        {step !== 'overview' && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => goTo(STEPS[STEPS.indexOf(step) - 1] ?? step)}
          >
            Back
          </button>
        )}
        {step !== 'publish' ? (
          <button type="submit" className="button">
            Next: {STEP_LABELS[STEPS[STEPS.indexOf(step) + 1] ?? step]}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={busy !== null || undefined}
              onClick={() => void save('draft')}
            >
              {busy === 'draft'
                ? 'Saving…'
                : gig?.status === 'active'
                  ? 'Unpublish and save as draft'
                  : 'Keep as draft'}
            </button>
            {gig?.status === 'paused' && (
              <button
                type="button"
                className="button button-secondary"
                aria-disabled={busy !== null || undefined}
                onClick={() => void save('paused')}
              >
                {busy === 'paused' ? 'Saving…' : 'Save, keep paused'}
              </button>
            )}
            <button type="submit" className="button" aria-disabled={busy !== null || undefined}>
              {busy === 'active'
                ? 'Publishing…'
                : gig?.status === 'active'
                  ? 'Save changes'
                  : 'Publish gig'}
            </button>
          </>
        )}
      </div>
    </form>
  );
}

const KEPT = 'Everything you entered is kept on this device; try again when you are connected.';

function errorsWithout(errors: FormErrors, step: Step): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => stepOfKey(key) !== step));
}
