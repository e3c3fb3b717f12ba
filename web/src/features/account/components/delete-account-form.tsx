import { TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { useForm } from '@/lib/form';
import { deleteAccount } from '../api/security';

export interface DeleteAccountFormProps {
  /** After the server deleted the account: end the session here and leave. */
  onDeleted: () => void;
}

/** Account Delete: explains what goes, asks for the password, then DELETE /api/user. */
export function DeleteAccountForm({ onDeleted }: DeleteAccountFormProps) {
  const form = useForm({
    initialValues: { password: '' },
    onSubmit: deleteAccount,
    onSuccess: () => onDeleted(),
  });

  return (
    <div className="danger-zone">
      <p>Deleting your account is permanent. It removes:</p>
      <ul>
        <li>your profile, tagname, photo and CV;</li>
        <li>your inbox, project box, wishlists, drafts and notifications;</li>
        <li>your sign-ins on every device.</li>
      </ul>
      <p>Your tagname and email address become free for someone else to use.</p>
      <form className="form" onSubmit={form.submit} noValidate>
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <TextField
          field={form.field('password')}
          label="Your password, to confirm"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="form-actions">
          <SubmitButton isBusy={form.isBusy} busyText="Deleting…" className="button-danger">
            Delete my account
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
