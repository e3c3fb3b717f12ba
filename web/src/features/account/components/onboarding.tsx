import type { ReactNode } from 'react';
import { DraftNotice } from '@/components/form/draft-notice';
import { TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { normaliseTagname } from '@/lib/account-rules';
import { useForm } from '@/lib/form';
import { useDraft } from '@/lib/local-db-drafts';
import type { User } from '@/types/api';
import { updateProfile } from '../api/profile';
import { updateTagname } from '../api/tagname';
import { ExpertiseField } from './expertise-field';
import { FileUpload } from './file-upload';
import { applyValues } from './profile-form';
import { TagnameField } from './tagname-field';
import './account.css';

const ONBOARDING_STEPS = 3;

function OnboardingShell({
  step,
  title,
  intro,
  children,
}: {
  step: number;
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <p className="onboarding-step">
        Step {step} of {ONBOARDING_STEPS}
      </p>
      <div className="onboarding-progress" aria-hidden="true">
        {Array.from({ length: ONBOARDING_STEPS }, (_, index) => (
          <span key={index} data-done={index < step || undefined} />
        ))}
      </div>
      <div className="card onboarding-card">
        <h1 id="onboarding-title">{title}</h1>
        <div className="onboarding-intro">{intro}</div>
        {children}
      </div>
    </section>
  );
}

export interface OnboardingStepProps {
  user: User;
  onDone: () => void;
}

/** /newcomer/page1: the tagname, unique, checked while typing. */
export function NewcomerTagnamePage({ user, onDone }: OnboardingStepProps) {
  const form = useForm({
    initialValues: { tagname: user.tagname ?? '' },
    // Coming back to this step with a tagname already chosen: nothing to change.
    onSubmit: async ({ tagname }) => {
      const next = normaliseTagname(tagname);
      return next !== '' && next === user.tagname ? user : updateTagname(next);
    },
    onSuccess: () => {
      draft.clear();
      onDone();
    },
  });
  const draft = useDraft('onboarding', 'tagname', form.values);
  return (
    <OnboardingShell
      step={1}
      title="Choose your tagname"
      intro={
        <p>
          Your tagname is your address on Wayfarer Market: people find your public profile at
          /@/your_tagname.
        </p>
      }
    >
      <form className="form" onSubmit={form.submit} noValidate>
        <DraftNotice draft={draft} onResume={(values) => applyValues(form, values)} />
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <TagnameField field={form.field('tagname')} current={user.tagname} />
        <div className="form-actions">
          <SubmitButton isBusy={form.isBusy} busyText="Saving…">
            Continue
          </SubmitButton>
        </div>
      </form>
    </OnboardingShell>
  );
}

/** /newcomer/page2: full name and expertise. */
export function NewcomerDetailsPage({
  user,
  expertiseOptions,
  onDone,
}: OnboardingStepProps & { expertiseOptions: readonly string[] }) {
  const form = useForm({
    initialValues: { full_name: user.full_name, expertise: user.expertise ?? '' },
    onSubmit: (values) =>
      updateProfile({
        full_name: values.full_name.trim(),
        expertise: values.expertise.trim() || null,
      }),
    onSuccess: () => {
      draft.clear();
      onDone();
    },
  });
  const draft = useDraft('onboarding', 'details', form.values);
  return (
    <OnboardingShell
      step={2}
      title="Tell people what you do"
      intro={<p>Your name and expertise show on your profile and next to everything you post.</p>}
    >
      <form className="form" onSubmit={form.submit} noValidate>
        <DraftNotice draft={draft} onResume={(values) => applyValues(form, values)} />
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <TextField field={form.field('full_name')} label="Full name" autoComplete="name" required />
        <ExpertiseField field={form.field('expertise')} options={expertiseOptions} />
        <div className="form-actions">
          <SubmitButton isBusy={form.isBusy} busyText="Saving…">
            Continue
          </SubmitButton>
        </div>
      </form>
    </OnboardingShell>
  );
}

/** /newcomer/page3: a profile photo, which may wait. */
export function NewcomerPhotoPage({ user, onDone }: OnboardingStepProps) {
  return (
    <OnboardingShell
      step={3}
      title="Add a profile photo"
      intro={<p>A friendly photo helps clients and colleagues trust who they are talking to.</p>}
    >
      <FileUpload
        kind="avatar"
        user={user}
        title={<span className="visually-hidden">Profile photo</span>}
        submitLabel="Upload and finish"
        onUploaded={() => onDone()}
        extraActions={
          <button type="button" className="button button-secondary" onClick={onDone}>
            Skip for now
          </button>
        }
      />
    </OnboardingShell>
  );
}
