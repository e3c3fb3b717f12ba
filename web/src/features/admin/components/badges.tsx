import type { UserStatus } from '../types';

export function StatusBadge({ status }: { status: UserStatus | 'active' | 'inactive' }) {
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <span className="badge" data-tone={status === 'active' ? 'ok' : 'off'}>
      {label}
    </span>
  );
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="badge" data-tone="ok">
      Verified
    </span>
  ) : (
    <span className="badge" data-tone="warn">
      Not verified
    </span>
  );
}
