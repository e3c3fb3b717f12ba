import { useState } from 'react';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { downloadCsv } from '@/lib/csv';
import { notify, notifyError } from '@/stores/notification';
import { allPages, listCompletedOrders, listWithdrawals } from '../api/withdrawals';
import type { Withdrawal, WithdrawalStatus } from '../types';
import { csvFilename, earningsCsv, withdrawalsCsv } from '../utils/exports';

/**
 * CSV downloads made in the browser: the history (every page, with the status filter; from this
 * device's copy when offline) and the earnings per completed order (needs the server).
 */
export function WalletExports({
  status,
  isOnline,
  deviceWithdrawals,
}: {
  status: WithdrawalStatus | null;
  isOnline: boolean;
  /** This device's copy of every withdrawal (offline), newest first. */
  deviceWithdrawals: Withdrawal[] | null;
}) {
  const [busy, setBusy] = useState<'history' | 'earnings' | null>(null);
  const run = async (what: 'history' | 'earnings', work: () => Promise<string>) => {
    if (busy) return;
    setBusy(what);
    try {
      const name = what === 'history' ? 'withdrawals' : 'earnings';
      downloadCsv(csvFilename(name, new Date()), await work());
      notify(
        what === 'history'
          ? 'Your withdrawal history is downloading.'
          : 'Your earnings are downloading.',
      );
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(null);
    }
  };
  const history = async () => {
    const all =
      !isOnline && deviceWithdrawals
        ? deviceWithdrawals.filter((w) => !status || w.status === status)
        : await allPages((page) => listWithdrawals({ status, page, perPage: 100 }));
    return withdrawalsCsv(all);
  };
  const earnings = async () => earningsCsv(await allPages((page) => listCompletedOrders(page)));
  const canExportHistory = isOnline || deviceWithdrawals !== null;
  return (
    <div className="wallet-exports">
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={busy !== null || !canExportHistory || undefined}
        onClick={() => canExportHistory && void run('history', history)}
      >
        {busy === 'history' ? 'Preparing…' : 'Download history (CSV)'}
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={busy !== null || !isOnline || undefined}
        aria-describedby={isOnline ? undefined : 'wallet-earnings-offline'}
        onClick={() => isOnline && void run('earnings', earnings)}
      >
        {busy === 'earnings' ? 'Preparing…' : 'Download earnings per order (CSV)'}
      </button>
      {!isOnline && (
        <p id="wallet-earnings-offline" className="field-hint">
          The earnings per order download needs a connection.
        </p>
      )}
    </div>
  );
}
