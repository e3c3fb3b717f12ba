import type { OrderStatus, UserStatus } from '../types';
import { orderStatusLabel, orderStatusTone } from '../utils/orders';

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

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className="badge" data-tone={orderStatusTone(status)}>
      {orderStatusLabel(status)}
    </span>
  );
}
