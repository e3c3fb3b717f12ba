import type { WithdrawalStatus } from '../types';

/** The statuses in the order the filter lists them, with the words the agent reads. */
export const STATUS_LABELS: Record<WithdrawalStatus, string> = {
  requested: 'Pending',
  paid: 'Paid',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const STATUS_TONES: Record<WithdrawalStatus, 'warn' | 'ok' | 'error' | 'off'> = {
  requested: 'warn',
  paid: 'ok',
  rejected: 'error',
  cancelled: 'off',
};

export function isWithdrawalStatus(value: string | null): value is WithdrawalStatus {
  return value !== null && Object.hasOwn(STATUS_LABELS, value);
}
