import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { DraftNotice } from '@/components/form/draft-notice';
import { Markdown } from '@/components/ui/markdown';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { useDraft, type DraftControl } from '@/lib/local-db-drafts';
import {
  createGig,
  removeGigImage,
  updateGig,
  uploadGigImage,
  type Gig,
  type GigStatus,
} from '../../api/gigs';
import { useGigImage } from '../../hooks/use-gig-image';
import { useImageDraft, type DraftImage } from '../../hooks/use-image-draft';
import { useOnlineStatus } from '@/components/ui/use-online-status';
import {
  checkValues,
  emptyGigValues,
  errorsOfStep,
  STEP_LABELS,
  stepOfKey,
  STEPS,
  TIER_LABELS,
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
import { checkImage, formatSize, GIG_IMAGES_MAX, type ImageType } from '../../utils/images';
import '../agent-gigs.css';

const OFFLINE_PUBLISH_MESSAGE =
  'You are offline. Saving a gig to the marketplace needs a connection: everything you entered is kept on this device (and on your other devices once it syncs). Try again when you are back online.';

export interface GigFormProps {
  /** The service categories; null while they load or when they could not be loaded. */
  /** The service categories to choose from, or why there are none yet. */
  services: { id: string; name: string }[] | 'loading' | 'error';
  /** The gig being edited; none for a new gig. */
  gig?: Gig;
  /** After a save: the gig as the server has it now. */
  onSaved: (gig: Gig) => void;
}

interface Alert {
  kind: 'error' | 'offline';
  text: string;
  details?: string[];
}

/** Label, control, hint and error of one field, linked for assistive technology. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string[];
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error?.length ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error?.length ? (
        <p id={`${id}-error`} className="field-error" data-field-error>
          {error.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

function ServerImage({
  url,
  index,
  onRemove,
}: {
  url: string;
  index: number;
  onRemove: () => void;
}) {
  const src = useGigImage(url);
  return (
    <li className="gig-image">
      {src ? (
        <img src={src} alt={`Image ${index + 1} of the gig`} />
      ) : (
        <span className="gig-image-placeholder" />
      )}
      <button type="button" className="button button-ghost" onClick={onRemove}>
        Remove<span className="visually-hidden"> image {index + 1}</span>
      </button>
    </li>
  );
}

function PendingImage({
  image,
  index,
  onRemove,
}: {
  image: DraftImage;
  index: number;
  onRemove: () => void;
}) {
  return (
    <li className="gig-image" data-pending>
      {image.url ? (
        <img src={image.url} alt={`Image ${index + 1}: ${image.file_name}`} />
      ) : (
        <span className="gig-image-placeholder" />
      )}
      <span className="gig-image-meta muted">
        {image.file_name} · {formatSize(image.size)} · uploads when you save
      </span>
      <button type="button" className="button button-ghost" onClick={onRemove}>
        Remove<span className="visually-hidden"> {image.file_name}</span>
      </button>
    </li>
  );
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
  const [alert, setAlert] = useState<Alert | null>(null);
  const [busy, setBusy] = useState<GigStatus | null>(null);
  const [isPreview, setPreview] = useState(false);
  const [pickErrors, setPickErrors] = useState<string[]>([]);
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

  const pickImages = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const problems: string[] = [];
    const accepted: { blob: Blob; type: ImageType; fileName: string }[] = [];
    let room = GIG_IMAGES_MAX - imageCount;
    for (const file of files) {
      const check = await checkImage(file);
      if (!check.ok) {
        problems.push(check.error);
        continue;
      }
      if (room <= 0) {
        problems.push(`${file.name} was not added: a gig has at most ${GIG_IMAGES_MAX} images.`);
        continue;
      }
      room -= 1;
      accepted.push({ blob: file, type: check.type, fileName: file.name });
    }
    setPickErrors(problems);
    try {
      await imageDraft.add(accepted);
    } catch (error) {
      console.error('Keeping the images failed', error);
      setPickErrors([...problems, 'The images could not be kept on this device. Try again.']);
    }
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
      for (const image of pending) {
        const blob = await imageDraft.blobOf(image.name);
        try {
          saved = await uploadGigImage(saved.id, blob, image.file_name);
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

  const serviceOptions = Array.isArray(services) ? services : [];
  const hasService = serviceOptions.some((s) => s.id === values.service_id);

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
      {!isOnline && (
        <p className="alert gig-offline" role="status">
          You are offline. Keep going: your draft is saved on this device. Publishing waits for a
          connection.
        </p>
      )}
      {alert && (
        <div
          className={alert.kind === 'offline' ? 'alert gig-offline' : 'alert alert-error'}
          role="alert"
          data-testid="gig-form-alert"
        >
          <p className="alert-title">{alert.text}</p>
          {alert.details?.length ? (
            <ul className="alert-details">
              {alert.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : null}
        </div>
      )}

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

      <section className="card gig-step" aria-labelledby={id('step-title')}>
        <h2 id={id('step-title')} ref={headingRef} tabIndex={-1}>
          {STEP_LABELS[step]}
        </h2>

        {step === 'overview' && (
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
            <Field id={id('service_id')} label="Service" error={errors.service_id}>
              {(props) => (
                <select
                  {...props}
                  value={values.service_id}
                  onChange={(e) => set('service_id', e.target.value)}
                >
                  <option value="">
                    {services === 'loading'
                      ? 'The services are loading…'
                      : services === 'error'
                        ? 'The services could not be loaded'
                        : 'Choose a service'}
                  </option>
                  {values.service_id && !hasService && (
                    <option value={values.service_id}>{values.service_id}</option>
                  )}
                  {serviceOptions.map((service) => (
                    <option key={service.id} value={service.id}>
                      {service.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {services === 'error' && (
              <p className="muted" role="alert">
                The list of services could not be loaded (offline?). Everything else can be filled
                in; reload the page when you are back online to choose the service.
              </p>
            )}
            <div className="field">
              <div className="gig-description-head">
                <label htmlFor={id('description')}>Description</label>
                <div role="group" aria-label="Description view" className="gig-tabs">
                  <button type="button" aria-pressed={!isPreview} onClick={() => setPreview(false)}>
                    Write
                  </button>
                  <button type="button" aria-pressed={isPreview} onClick={() => setPreview(true)}>
                    Preview
                  </button>
                </div>
              </div>
              {isPreview ? (
                <div className="gig-preview" data-testid="description-preview">
                  {values.description.trim() ? (
                    <Markdown shiftHeadings>{values.description}</Markdown>
                  ) : (
                    <p className="muted">Nothing to preview yet.</p>
                  )}
                </div>
              ) : (
                <textarea
                  id={id('description')}
                  rows={10}
                  value={values.description}
                  maxLength={5000}
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby={`${id('description')}-hint${errors.description ? ` ${id('description')}-error` : ''}`}
                  onChange={(e) => set('description', e.target.value)}
                />
              )}
              <p id={`${id('description')}-hint`} className="field-hint">
                Markdown: **bold**, *italic*, lists with “- ”, headings with “## ”. 50 to 5,000
                characters ({values.description.trim().length} now).
              </p>
              {errors.description && (
                <p id={`${id('description')}-error`} className="field-error" data-field-error>
                  {errors.description.join(' ')}
                </p>
              )}
            </div>
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
        )}

        {step === 'packages' && (
          <>
            <p className="muted">
              Offer one to three packages. Buyers compare them side by side on the gig page.
            </p>
            {errors.packages && (
              <p className="field-error" role="alert" data-field-error>
                {errors.packages.join(' ')}
              </p>
            )}
            <div className="gig-form-packages">
              {TIERS.map((tier) => {
                const pkg = values[tier];
                return (
                  <fieldset key={tier} className="gig-form-package" data-tier={tier}>
                    <legend>{TIER_LABELS[tier]}</legend>
                    <div className="field field-checkbox">
                      <input
                        id={id(`${tier}.enabled`)}
                        type="checkbox"
                        checked={pkg.enabled}
                        onChange={(e) => setPackage(tier, 'enabled', e.target.checked)}
                      />
                      <label htmlFor={id(`${tier}.enabled`)}>
                        Offer a {TIER_LABELS[tier]} package
                      </label>
                    </div>
                    {pkg.enabled && (
                      <>
                        <Field
                          id={id(`${tier}.name`)}
                          label={`${TIER_LABELS[tier]}: name`}
                          error={errors[`${tier}.name`]}
                        >
                          {(props) => (
                            <input
                              {...props}
                              value={pkg.name}
                              maxLength={40}
                              onChange={(e) => setPackage(tier, 'name', e.target.value)}
                            />
                          )}
                        </Field>
                        <Field
                          id={id(`${tier}.price`)}
                          label={`${TIER_LABELS[tier]}: price (USD)`}
                          hint="From 5 to 100,000, such as 45 or 45.50."
                          error={errors[`${tier}.price`]}
                        >
                          {(props) => (
                            <input
                              {...props}
                              inputMode="decimal"
                              value={pkg.price}
                              onChange={(e) => setPackage(tier, 'price', e.target.value)}
                            />
                          )}
                        </Field>
                        <div className="form-grid">
                          <Field
                            id={id(`${tier}.delivery_days`)}
                            label={`${TIER_LABELS[tier]}: delivery (days)`}
                            error={errors[`${tier}.delivery_days`]}
                          >
                            {(props) => (
                              <input
                                {...props}
                                inputMode="numeric"
                                value={pkg.delivery_days}
                                onChange={(e) => setPackage(tier, 'delivery_days', e.target.value)}
                              />
                            )}
                          </Field>
                          <Field
                            id={id(`${tier}.revisions`)}
                            label={`${TIER_LABELS[tier]}: revisions`}
                            error={errors[`${tier}.revisions`]}
                          >
                            {(props) => (
                              <input
                                {...props}
                                inputMode="numeric"
                                value={pkg.revisions}
                                onChange={(e) => setPackage(tier, 'revisions', e.target.value)}
                              />
                            )}
                          </Field>
                        </div>
                        <Field
                          id={id(`${tier}.includes`)}
                          label={`${TIER_LABELS[tier]}: what's included`}
                          hint="One item per line, up to 10."
                          error={errors[`${tier}.includes`]}
                        >
                          {(props) => (
                            <textarea
                              {...props}
                              rows={4}
                              value={pkg.includes}
                              onChange={(e) => setPackage(tier, 'includes', e.target.value)}
                            />
                          )}
                        </Field>
                        <Field
                          id={id(`${tier}.description`)}
                          label={`${TIER_LABELS[tier]}: short description`}
                          error={errors[`${tier}.description`]}
                        >
                          {(props) => (
                            <input
                              {...props}
                              value={pkg.description}
                              maxLength={300}
                              onChange={(e) => setPackage(tier, 'description', e.target.value)}
                            />
                          )}
                        </Field>
                      </>
                    )}
                  </fieldset>
                );
              })}
            </div>
          </>
        )}

        {step === 'extras' && (
          <>
            <p className="muted">
              Optional add-ons a buyer can choose with any package, such as airport pick-up.
            </p>
            {values.extras.length === 0 && <p>No extras yet.</p>}
            {values.extras.map((extra, index) => (
              <fieldset key={index} className="gig-extra">
                <legend>Extra {index + 1}</legend>
                <div className="form-grid">
                  <Field
                    id={id(`extras.${index}.title`)}
                    label={`Extra ${index + 1}: title`}
                    error={errors[`extras.${index}.title`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        value={extra.title}
                        maxLength={60}
                        onChange={(e) => setExtra(index, 'title', e.target.value)}
                      />
                    )}
                  </Field>
                  <Field
                    id={id(`extras.${index}.price`)}
                    label={`Extra ${index + 1}: price (USD)`}
                    error={errors[`extras.${index}.price`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        inputMode="decimal"
                        value={extra.price}
                        onChange={(e) => setExtra(index, 'price', e.target.value)}
                      />
                    )}
                  </Field>
                  <Field
                    id={id(`extras.${index}.delivery_days`)}
                    label={`Extra ${index + 1}: extra days`}
                    error={errors[`extras.${index}.delivery_days`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        inputMode="numeric"
                        value={extra.delivery_days}
                        onChange={(e) => setExtra(index, 'delivery_days', e.target.value)}
                      />
                    )}
                  </Field>
                </div>
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() =>
                    set(
                      'extras',
                      values.extras.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove extra {index + 1}
                </button>
              </fieldset>
            ))}
            {errors.extras && (
              <p className="field-error" data-field-error>
                {errors.extras.join(' ')}
              </p>
            )}
            {values.extras.length < 10 && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() =>
                  set('extras', [...values.extras, { title: '', price: '', delivery_days: '0' }])
                }
              >
                Add an extra
              </button>
            )}
          </>
        )}

        {step === 'images' && (
          <>
            <p className="muted" id={id('images-hint')}>
              Up to {GIG_IMAGES_MAX} images, PNG, JPEG or WebP, each at most 2 MB. The first one is
              the gig&apos;s cover. Images picked offline are kept on this device and uploaded when
              you save.
            </p>
            <ul className="gig-images" aria-label="Images">
              {values.kept_images.map((url, index) => (
                <ServerImage
                  key={url}
                  url={url}
                  index={index}
                  onRemove={() =>
                    set(
                      'kept_images',
                      values.kept_images.filter((u) => u !== url),
                    )
                  }
                />
              ))}
              {pending.map((image, index) => (
                <PendingImage
                  key={image.name}
                  image={image}
                  index={values.kept_images.length + index}
                  onRemove={() => void imageDraft.remove(image.name)}
                />
              ))}
            </ul>
            <p className="muted" role="status">
              {imageCount} of {GIG_IMAGES_MAX} images
            </p>
            {imageCount < GIG_IMAGES_MAX && (
              <div className="field">
                <label htmlFor={id('images')}>Add images</label>
                <input
                  id={id('images')}
                  type="file"
                  multiple
                  accept="image/png,image/jpeg,image/webp"
                  aria-describedby={id('images-hint')}
                  onChange={(e) => void pickImages(e)}
                />
              </div>
            )}
            {[...pickErrors, ...(errors.images ?? []), ...(errors.file ?? [])].map((text) => (
              <p key={text} className="field-error" role="alert" data-field-error>
                {text}
              </p>
            ))}
          </>
        )}

        {step === 'publish' && (
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
                {pending.length > 0 && ` (${pending.length} to upload)`}
              </dd>
            </dl>
            <p className="muted">
              {gig
                ? `This gig is ${gig.status === 'active' ? 'published' : gig.status === 'paused' ? 'paused' : 'a draft'} now.`
                : 'Publish it to show it in search, or keep it as a draft that only you see.'}
            </p>
          </>
        )}
      </section>

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
