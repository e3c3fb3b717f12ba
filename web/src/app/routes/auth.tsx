// The account pages of the auth feature, wired to where each one leads.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmailCheckPage } from '@/features/auth/components/email-check-page';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { VerifyEmailPage } from '@/features/auth/components/verify-email-page';
import { useCurrentUser } from '@/stores/auth';
import { landingPathFor, loginReason, safeRedirect } from '../guards';
import { buildPath } from '@/config/paths';

export function Login() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <LoginPage
      notice={loginReason(search.get('reason'))}
      onLoggedIn={(user) =>
        void navigate(landingPathFor(user, search.get('redirect')), { replace: true })
      }
    />
  );
}

export function AdminLogin() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <LoginPage
      variant="admin"
      onLoggedIn={() =>
        void navigate(safeRedirect(search.get('redirect')) ?? buildPath('admin'), { replace: true })
      }
    />
  );
}

export function Register() {
  const navigate = useNavigate();
  return <RegisterPage onRegistered={() => void navigate(buildPath('email.check'))} />;
}

function useContinuePath(): string {
  const user = useCurrentUser();
  return user ? landingPathFor(user) : buildPath('login');
}

export function EmailCheck() {
  return <EmailCheckPage continueTo={useContinuePath()} />;
}

export function EmailResend() {
  return <EmailCheckPage variant="resend" continueTo={useContinuePath()} />;
}

export function EmailVerify() {
  const user = useCurrentUser();
  return <VerifyEmailPage continueTo={useContinuePath()} isLoggedIn={user !== null} />;
}

export { ForgotPasswordPage as PasswordRequest, ResetPasswordPage as PasswordReset };
