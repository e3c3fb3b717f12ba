// The withdrawal queue (issue 16): every agent's requests, paid with a reference or rejected with
// a reason. Admins see the payout method in full (they make the transfer).
import type { Withdrawal, WithdrawalStatus } from '@wayfarer/api/schemas/withdrawals';
import { api } from '@/lib/api-client';
import type { ListResponse } from '../types';

export type { WithdrawalStatus };

/** A withdrawal as the admin routes answer it: the method with its details. */
export interface AdminWithdrawal extends Omit<Withdrawal, 'method'> {
  method: Withdrawal['method'] &
    (
      { type: 'bank'; holder: string; iban: string; bic: string } | { type: 'email'; email: string }
    );
}

const path = (id: string, action: string) =>
  `/admin/withdrawals/${encodeURIComponent(id)}/${action}`;

export function listAdminWithdrawals(
  status: WithdrawalStatus | null,
  page: number,
  options: { signal?: AbortSignal } = {},
): Promise<ListResponse<AdminWithdrawal>> {
  return api.get('/admin/withdrawals', { ...options, query: { status, page, per_page: 20 } });
}

export async function approveWithdrawal(id: string, reference: string): Promise<AdminWithdrawal> {
  return (await api.post<{ withdrawal: AdminWithdrawal }>(path(id, 'approve'), { reference }))
    .withdrawal;
}

export async function rejectWithdrawal(id: string, reason: string): Promise<AdminWithdrawal> {
  return (await api.post<{ withdrawal: AdminWithdrawal }>(path(id, 'reject'), { reason }))
    .withdrawal;
}
