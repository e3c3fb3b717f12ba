import { ROLE_DESCRIPTIONS, SELF_SERVICE_ROLES } from '@wayfarer/api/schemas/roles';
import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { EmailField, NewPasswordFields } from '@/components/form/account-fields';
import { ChoiceField, TextField, type Choice } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { useForm } from '@/lib/form';
import type { User } from '@/types/api';
import { register, type RegisterInput, type SelfServiceRole } from '../api/register';
import { AuthCard } from './auth-card';

const initialValues: RegisterInput = {
  full_name: '',
  email: '',
  password: '',
  password_confirmation: '',
  role: '',
};

const ROLE_CHOICES: Choice<SelfServiceRole>[] = SELF_SERVICE_ROLES.map((role) => ({
  value: role,
  label: role,
  description: ROLE_DESCRIPTIONS[role],
}));

export function RegisterPage({ onRegistered }: { onRegistered: (user: User) => void }) {
  const form = useForm({
    initialValues,
    onSubmit: register,
    onSuccess: (user) => onRegistered(user),
  });

  return (
    <AuthCard
      isWide
      title="Create your account"
      intro={<p>Hire travel professionals, sell your services, or learn the trade.</p>}
      footer={
        <p>
          Already have an account? <Link to={buildPath('login')}>Log in</Link>
        </p>
      }
    >
      <form className="form" onSubmit={form.submit} noValidate>
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <TextField field={form.field('full_name')} label="Full name" autoComplete="name" required />
        <EmailField field={form.field('email')} />
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
        />
        <ChoiceField field={form.field('role')} legend="I am joining as" choices={ROLE_CHOICES} />
        <p className="field-hint">
          We will send a link to your email address to confirm it is yours.
        </p>
        <SubmitButton
          isBusy={form.isBusy}
          busyText="Creating your account…"
          className="button-block"
        >
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
