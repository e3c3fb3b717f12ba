import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { EmailField } from '@/components/form/account-fields';
import { CheckboxField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { useForm } from '@/lib/form';
import type { User } from '@/types/api';
import { login, type LoginInput } from '../api/login';
import { AuthCard } from './auth-card';

const initialValues: LoginInput = { email: '', password: '', remember: false };

export interface LoginPageProps {
  /** `admin`: POST /api/admin/login; a non-admin sees the server's 403 message. */
  variant?: 'member' | 'admin';
  /** Where to go next is the app's decision (back where they were, or their area). */
  onLoggedIn: (user: User) => void;
  /** Why the visitor was sent here (a page for another role), shown above the form. */
  notice?: string | null;
}

export function LoginPage({ variant = 'member', onLoggedIn, notice }: LoginPageProps) {
  const isAdmin = variant === 'admin';
  const form = useForm({
    initialValues,
    onSubmit: (values) => login(values, { admin: isAdmin }),
    onSuccess: (user) => onLoggedIn(user),
  });

  return (
    <AuthCard
      title={isAdmin ? 'Admin log in' : 'Log in'}
      intro={
        <p>
          {isAdmin
            ? 'The admin area of Wayfarer Market. Administrators only.'
            : 'Welcome back. Log in to manage your jobs, gigs and messages.'}
        </p>
      }
      footer={
        isAdmin ? (
          <p>
            Not an administrator? <Link to={buildPath('login')}>Log in here</Link>
          </p>
        ) : (
          <p>
            New to Wayfarer Market? <Link to={buildPath('register')}>Create an account</Link>
          </p>
        )
      }
    >
      <form className="form" onSubmit={form.submit} noValidate>
        {notice && (
          <p className="alert" role="status" data-testid="login-reason">
            {notice}
          </p>
        )}
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <EmailField field={form.field('email')} />
        <TextField
          field={form.field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="auth-row">
          <CheckboxField field={form.field('remember')} label="Remember me" />
          <Link to={buildPath('password.request')}>Forgot your password?</Link>
        </div>
        <SubmitButton isBusy={form.isBusy} busyText="Logging in…" className="button-block">
          Log in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
