import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { EmailField } from '@/components/form/account-fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { useForm } from '@/lib/form';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';

/** Shown whatever the server found: whether an address has an account is nobody's business. */
const RESET_LINK_SENT =
  'If an account uses that address, we have sent it a link to reset the password. The link works for 60 minutes.';

export function ForgotPasswordPage() {
  const form = useForm({
    initialValues: { email: '' },
    onSubmit: requestPasswordReset,
    successMessage: (result) => result?.message || RESET_LINK_SENT,
  });

  return (
    <AuthCard
      title="Forgot your password?"
      intro={<p>Enter the email address you log in with and we will send you a reset link.</p>}
      footer={
        <p>
          Remembered it? <Link to={buildPath('login')}>Back to log in</Link>
        </p>
      }
    >
      <form className="form" onSubmit={form.submit} noValidate>
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
          {form.state.successMessage}
        </SuccessAlert>
        <EmailField field={form.field('email')} />
        <SubmitButton isBusy={form.isBusy} busyText="Sending…" className="button-block">
          Email me a reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
