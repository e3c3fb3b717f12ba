import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { useForm } from '@/lib/form';
import { authStore } from '@/stores/auth';
import { resendVerification } from '../api/email-verification';
import { AuthCard } from './auth-card';

export interface EmailCheckPageProps {
  /** `resend`: the /email/resend page, which leads with the button. */
  variant?: 'check' | 'resend';
  /** Where a verified member continues to. */
  continueTo: string;
}

/** /email/check and /email/resend: the inbox reminder and a button for a new link. */
export function EmailCheckPage({ variant = 'check', continueTo }: EmailCheckPageProps) {
  const { user } = useSnapshot(authStore);
  const form = useForm({
    initialValues: {},
    onSubmit: resendVerification,
    successMessage: (result) => result?.message || 'A new verification link is on its way.',
  });

  if (user?.email_verified_at) {
    return (
      <AuthCard title="Your email address is verified">
        <p>There is nothing more to do here.</p>
        <Link className="button button-block" to={continueTo}>
          Continue
        </Link>
      </AuthCard>
    );
  }

  const email = user ? <strong>{user.email}</strong> : 'your email address';
  return (
    <AuthCard
      title={variant === 'check' ? 'Check your inbox' : 'Resend the verification link'}
      intro={
        variant === 'check' ? (
          <>
            <div className="auth-icon" aria-hidden="true">
              ✉
            </div>
            <p>
              We sent a verification link to {email}. Open it to confirm the address and finish
              setting up your account.
            </p>
            <p>It can take a minute to arrive. Check your spam folder if you cannot find it.</p>
          </>
        ) : (
          <p>Lost the email, or the link expired? We will send a new link to {email}.</p>
        )
      }
    >
      <form className="form" onSubmit={form.submit}>
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
          {form.state.successMessage}
        </SuccessAlert>
        <SubmitButton
          isBusy={form.isBusy}
          busyText="Sending…"
          className={variant === 'check' ? 'button-secondary button-block' : 'button-block'}
        >
          {variant === 'check' ? 'Send the link again' : 'Send a new link'}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
