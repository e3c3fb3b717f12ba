import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { loadUser } from '@/lib/session';
import { authStore } from '@/stores/auth';
import { verifyEmail } from '../api/email-verification';
import { AuthCard } from './auth-card';

type Outcome =
  | { state: 'pending' }
  | { state: 'verified'; message: string }
  | { state: 'failed'; message: string };

// One request per link, even when React runs the effect twice or the page is opened again.
const attempts = new Map<string, Promise<Outcome>>();

function attempt(id: string, expires: string, signature: string): Promise<Outcome> {
  const key = `${id}?${expires}&${signature}`;
  let pending = attempts.get(key);
  if (!pending) {
    pending = verifyEmail(id, { expires, signature }).then(
      async (result): Promise<Outcome> => {
        // The stored user still says "unverified": reload it so the guards let them on.
        if (authStore.token) await loadUser().catch(() => undefined);
        return { state: 'verified', message: result?.message || 'Your email address is verified.' };
      },
      (error: unknown): Outcome => ({
        state: 'failed',
        message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE,
      }),
    );
    attempts.set(key, pending);
  }
  return pending;
}

export interface VerifyEmailPageProps {
  /** Where "Continue" goes (their next step, or login for a guest). */
  continueTo: string;
  isLoggedIn: boolean;
}

/** /email/verify/:id?expires=…&signature=…: the mailed link lands here and is sent on. */
export function VerifyEmailPage({ continueTo, isLoggedIn }: VerifyEmailPageProps) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const expires = search.get('expires') ?? '';
  const signature = search.get('signature') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });

  useEffect(() => {
    let active = true;
    void attempt(id, expires, signature).then((result) => {
      if (active) setOutcome(result);
    });
    return () => {
      active = false;
    };
  }, [id, expires, signature]);

  if (outcome.state === 'pending') {
    return (
      <AuthCard title="Verifying your email address…">
        <p className="muted" role="status">
          One moment, we are checking your link.
        </p>
      </AuthCard>
    );
  }

  if (outcome.state === 'verified') {
    return (
      <AuthCard
        title="Email address verified"
        intro={
          <>
            <div className="auth-icon" aria-hidden="true">
              ✓
            </div>
            <p role="status">{outcome.message}</p>
          </>
        }
      >
        <Link className="button button-block" to={continueTo}>
          Continue
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="This link did not work"
      intro={
        <>
          <div className="auth-icon" data-tone="error" aria-hidden="true">
            !
          </div>
          <p role="alert">{outcome.message}</p>
          <p>Links expire after a while, and only the newest one works.</p>
        </>
      }
    >
      {isLoggedIn ? (
        <Link className="button button-block" to={buildPath('email.resend')}>
          Send a new link
        </Link>
      ) : (
        <Link className="button button-block" to={buildPath('login')}>
          Log in to get a new link
        </Link>
      )}
    </AuthCard>
  );
}
