import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@/lib/format';
import { useClearance, useWallet } from '../hooks/use-wallet';
import { isWithdrawalStatus } from '../utils/status';
import { BalancePanel } from './balance-panel';
import { WalletExports } from './exports';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalHistory } from './withdrawal-history';
import './withdrawals.css';

/**
 * /agent/agent-withdraw ("Withdraw History"): the balances, a request form and the history with
 * its exports. Online it reads the API; offline, the copy the API keeps in the agent's database,
 * with the form disabled (a request needs the server).
 */
export function WithdrawPage() {
  const [params] = useSearchParams();
  const requestedStatus = params.get('status');
  const status = isWithdrawalStatus(requestedStatus) ? requestedStatus : null;
  const requestedPage = Number(params.get('page'));
  const page = Number.isInteger(requestedPage) && requestedPage > 1 ? requestedPage : 1;
  const wallet = useWallet(status, page);
  const isOnline = wallet.source === 'server';
  const clearance = useClearance(wallet.balance?.pending_clearance.amount ?? 0, isOnline);

  return (
    <div className="wallet-page">
      <div className="page-heading">
        <div>
          <h1>Withdraw History</h1>
          <p className="muted">
            Your earnings from completed orders, your withdrawals and where they stand.
          </p>
        </div>
      </div>
      {!isOnline && (
        <p className="alert wallet-offline" role="status" data-testid="wallet-offline">
          You are offline.{' '}
          {wallet.mirroredAt
            ? `Showing your balance and withdrawals as of ${formatDateTime(wallet.mirroredAt)}.`
            : 'Nothing about your withdrawals is saved on this device yet.'}{' '}
          Requesting a withdrawal needs a connection.
        </p>
      )}
      {wallet.error && (
        <div className="alert alert-error" role="alert">
          <p className="alert-body">{wallet.error}</p>
          <button type="button" className="button button-secondary" onClick={wallet.reload}>
            Try again
          </button>
        </div>
      )}
      {wallet.isLoading ? (
        <p className="muted" role="status">
          Loading your balance…
        </p>
      ) : (
        <>
          {wallet.balance && (
            <BalancePanel balance={wallet.balance} clearance={isOnline ? clearance : null} />
          )}
          {wallet.balance && wallet.methods && (
            <section className="card wallet-section" aria-labelledby="wallet-request-title">
              <h2 id="wallet-request-title">Request a withdrawal</h2>
              <WithdrawForm
                // Another list of methods (this device's copy, then the server's): start again.
                key={wallet.methods.map((m) => m.id).join()}
                methods={wallet.methods}
                available={wallet.balance.available}
                isOnline={isOnline}
                onRequested={wallet.reload}
              />
            </section>
          )}
          <section className="wallet-section" aria-labelledby="wallet-history-title">
            <div className="wallet-section-heading">
              <h2 id="wallet-history-title">History</h2>
              <WalletExports
                status={status}
                isOnline={isOnline}
                deviceWithdrawals={wallet.deviceWithdrawals}
              />
            </div>
            {wallet.history ? (
              <WithdrawalHistory
                history={wallet.history}
                status={status}
                canCancel={isOnline}
                onChanged={wallet.reload}
              />
            ) : (
              <p className="muted">Your withdrawals show here once you are online.</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
