import { TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { PASSWORD_MIN } from '@/lib/account-rules';
import { useForm } from '@/lib/form';
import { changePassword, type ChangePasswordInput } from '../api/security';

const empty: ChangePasswordInput = {
  current_password: '',
  password: '',
  password_confirmation: '',
};

const PASSWORD_CHANGED =
  'Your password was changed. Every other device was signed out; this one stays signed in.';

/** Change Password: current, new and confirmation; other sessions end on the server. */
export function ChangePasswordForm() {
  const form = useForm({
    initialValues: empty,
    onSubmit: changePassword,
    successMessage: PASSWORD_CHANGED,
    resetOnSuccess: () => empty,
  });

  return (
    <form className="form" onSubmit={form.submit} noValidate>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
        {form.state.successMessage}
      </SuccessAlert>
      <TextField
        field={form.field('current_password')}
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        field={form.field('password')}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        required
      />
      <TextField
        field={form.field('password_confirmation')}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <p className="field-hint">Changing it signs you out on every other device.</p>
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Saving…">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
