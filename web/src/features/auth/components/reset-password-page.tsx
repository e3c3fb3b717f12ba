import { Link, useParams, useSearchParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { EmailField, NewPasswordFields } from '@/components/form/account-fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { useForm } from '@/lib/form';
import { resetPassword, type ResetPasswordInput } from '../api/password-reset';
import { AuthCard } from './auth-card';

/** /password/reset/:token?email=…: the mailed link, with the address filled in. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const form = useForm({
    initialValues: {
      email: search.get('email') ?? '',
      password: '',
      password_confirmation: '',
    },
    onSubmit: (values) => resetPassword({ ...values, token } satisfies ResetPasswordInput),
    successMessage: (result) => result?.message || 'Your password has been reset.',
    resetOnSuccess: (values) => ({ ...values, password: '', password_confirmation: '' }),
  });

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <p>
          Link expired? <Link to={buildPath('password.request')}>Ask for a new one</Link>
        </p>
      }
    >
      {form.isSuccessful ? (
        <>
          <SuccessAlert isShown>
            <p>{form.state.successMessage}</p>
          </SuccessAlert>
          <p>
            <Link className="button button-block" to={buildPath('login')}>
              Log in with your new password
            </Link>
          </p>
        </>
      ) : (
        <form className="form" onSubmit={form.submit} noValidate>
          <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
          <EmailField field={form.field('email')} />
          <NewPasswordFields
            password={form.field('password')}
            confirmation={form.field('password_confirmation')}
            label="New password"
          />
          <SubmitButton isBusy={form.isBusy} busyText="Saving…" className="button-block">
            Reset password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
