import type { ReactNode } from 'react';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { FileDrop, useUploadProgress } from '@/components/form/file-drop';
import { Avatar } from '@/components/ui/avatar';
import { ProtectedFileLink } from '@/components/ui/protected-file-link';
import { ApiError } from '@/lib/api-client';
import { useForm } from '@/lib/form';
import { useObjectUrl } from '@/lib/use-object-url';
import type { User } from '@/types/api';
import { uploadFile, type UploadKind } from '../api/profile';

const MB = 1024 * 1024;

interface UploadRule {
  label: string;
  accept: string;
  types: readonly string[];
  maxBytes: number;
  tooLarge: string;
  wrongType: string;
  hint: string;
}

/** The server's limits (it checks the content again); checked here to answer at once. */
const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  avatar: {
    label: 'New photo',
    accept: 'image/png,image/jpeg,image/webp',
    types: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 2 * MB,
    tooLarge: 'The photo must be 2 MB or smaller.',
    wrongType: 'The photo must be a PNG, JPEG or WebP image.',
    hint: 'PNG, JPEG or WebP, up to 2 MB. A square photo of your face works best.',
  },
  cv: {
    label: 'New CV (PDF)',
    accept: 'application/pdf',
    types: ['application/pdf'],
    maxBytes: 5 * MB,
    tooLarge: 'The CV must be 5 MB or smaller.',
    wrongType: 'The CV must be a PDF file.',
    hint: 'A PDF, up to 5 MB.',
  },
};

/** A field error for a file the server would refuse, or null. */
export function checkFile(kind: UploadKind, file: File | null): string | null {
  const rule = UPLOAD_RULES[kind];
  if (!file) return kind === 'avatar' ? 'Choose a photo first.' : 'Choose a PDF first.';
  if (file.type && !rule.types.includes(file.type)) return rule.wrongType;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}

export interface FileUploadProps {
  kind: UploadKind;
  user: User;
  title: ReactNode;
  submitLabel?: string;
  onUploaded?: (user: User) => void;
  /** Extra buttons next to upload (skip). */
  extraActions?: ReactNode;
}

/** Upload of the avatar (with a preview) or the CV. */
export function FileUpload({
  kind,
  user,
  title,
  submitLabel = 'Upload',
  onUploaded,
  extraActions,
}: FileUploadProps) {
  const rule = UPLOAD_RULES[kind];
  const upload = useUploadProgress();
  const form = useForm({
    initialValues: { file: null as File | null },
    onSubmit: async ({ file }) => {
      const problem = checkFile(kind, file);
      if (problem || !file) throw new ApiError(422, problem ?? '', { file: [problem ?? ''] });
      return upload.track((send) => uploadFile(kind, file, send));
    },
    onSuccess: (updated) => onUploaded?.(updated),
    successMessage: kind === 'avatar' ? 'Your photo was updated.' : 'Your CV was uploaded.',
    resetOnSuccess: () => ({ file: null }),
  });
  const binding = form.field('file');
  const chosen = form.values.file;
  const preview = useObjectUrl(kind === 'avatar' ? chosen : null);

  return (
    <form className="form upload" onSubmit={form.submit} noValidate>
      <h2 className="upload-title">{title}</h2>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
        {form.state.successMessage}
      </SuccessAlert>
      <div className="upload-row">
        {kind === 'avatar' ? (
          <Avatar
            name={user.full_name}
            src={preview ?? user.avatar}
            size={96}
            className="upload-preview"
          />
        ) : (
          <div className="upload-current">
            {user.cv ? (
              <ProtectedFileLink href={user.cv} fileName="cv.pdf">
                Download your current CV
              </ProtectedFileLink>
            ) : (
              <span className="muted">No CV uploaded yet.</span>
            )}
          </div>
        )}
        <div className="upload-field">
          <FileDrop
            label={rule.label}
            hint={rule.hint}
            accept={rule.accept}
            name={kind}
            files={chosen ? [chosen] : []}
            onAdd={([file]) => binding.onChange(file ?? null)}
            onRemove={() => binding.onChange(null)}
            check={(file) => checkFile(kind, file)}
            errors={binding.error ? [binding.error] : []}
            progress={upload.progress}
            progressLabel={chosen ? `Uploading ${chosen.name}` : undefined}
            disabled={form.isBusy}
          />
        </div>
      </div>
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Uploading…">
          {submitLabel}
        </SubmitButton>
        {extraActions}
      </div>
    </form>
  );
}
