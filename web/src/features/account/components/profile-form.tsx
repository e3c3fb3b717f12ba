import { DraftNotice } from '@/components/form/draft-notice';
import { TextAreaField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { normaliseTagname } from '@/lib/account-rules';
import { useForm, type UseFormResult } from '@/lib/form';
import { useDraft } from '@/lib/local-db-drafts';
import type { User } from '@/types/api';
import { updateProfile } from '../api/profile';
import { updateTagname } from '../api/tagname';
import { ExpertiseField } from './expertise-field';
import { TagnameField } from './tagname-field';

export interface ProfileValues {
  full_name: string;
  tagname: string;
  bio: string;
  expertise: string;
  location: string;
  /** Comma-separated in the form; a list on the server. */
  languages: string;
}

export function profileValuesOf(user: User): ProfileValues {
  return {
    full_name: user.full_name,
    tagname: user.tagname ?? '',
    bio: user.bio ?? '',
    expertise: user.expertise ?? '',
    location: user.location ?? '',
    languages: (user.languages ?? []).join(', '),
  };
}

/** "English, spanish ,, Greek" → ["English", "spanish", "Greek"], duplicates dropped. */
export function parseLanguages(text: string): string[] {
  const seen = new Set<string>();
  const languages: string[] = [];
  for (const part of text.split(',')) {
    const language = part.trim();
    if (language && !seen.has(language.toLowerCase())) {
      seen.add(language.toLowerCase());
      languages.push(language);
    }
  }
  return languages;
}

/** Saves a changed tagname first (PUT /user/tagname), then the rest (PATCH /user). */
async function saveProfile(user: User, values: ProfileValues): Promise<User> {
  const tagname = normaliseTagname(values.tagname);
  if (tagname !== (user.tagname ?? '')) await updateTagname(tagname);
  return updateProfile({
    full_name: values.full_name.trim(),
    bio: values.bio.trim(),
    expertise: values.expertise.trim() || null,
    location: values.location.trim() || null,
    languages: parseLanguages(values.languages),
  });
}

export interface ProfileFormProps {
  user: User;
  expertiseOptions: readonly string[];
  submitLabel?: string;
  onSaved?: (user: User) => void;
}

/** Puts a resumed draft's values into the form. */
export function applyValues<V extends object>(form: UseFormResult<V>, values: V): void {
  for (const [name, value] of Object.entries(values)) {
    form.setValue(name as keyof V & string, value as V[keyof V & string]);
  }
}

/**
 * Name, tagname, bio, expertise, location and languages (/profile/edit/page1, area settings).
 * A draft is kept as you type (one per account, shared by both pages and synced to your other
 * devices) and removed once the profile is saved.
 */
export function ProfileForm({
  user,
  expertiseOptions,
  submitLabel = 'Save profile',
  onSaved,
}: ProfileFormProps) {
  const form = useForm({
    initialValues: profileValuesOf(user),
    onSubmit: (values) => saveProfile(user, values),
    onSuccess: (updated) => {
      draft.clear();
      onSaved?.(updated);
    },
    successMessage: 'Your profile was saved.',
  });
  const draft = useDraft('profile', user.id, form.values);

  return (
    <form className="form" onSubmit={form.submit} noValidate>
      <DraftNotice draft={draft} onResume={(values) => applyValues(form, values)} />
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
        {form.state.successMessage}
      </SuccessAlert>
      <div className="form-grid">
        <TextField field={form.field('full_name')} label="Full name" autoComplete="name" required />
        <TagnameField field={form.field('tagname')} current={user.tagname} />
      </div>
      <TextAreaField
        field={form.field('bio')}
        label="Bio"
        hint="A few sentences about you and your work. Up to 2,000 characters."
        maxLength={2000}
      />
      <ExpertiseField field={form.field('expertise')} options={expertiseOptions} />
      <div className="form-grid">
        <TextField
          field={form.field('location')}
          label="Location"
          hint="City and country, such as Lisbon, Portugal."
          autoComplete="address-level2"
        />
        <TextField
          field={form.field('languages')}
          label="Languages"
          hint="Separate them with commas: English, Portuguese."
        />
      </div>
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Saving…">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
