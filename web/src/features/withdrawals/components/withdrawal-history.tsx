import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { buildPath } from '@/config/paths';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { formatDate, formatDateTime, plural } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { notify, notifyError } from '@/stores/notification';
import { cancelWithdrawal } from '../api/withdrawals';
import type { Withdrawal, WithdrawalList, WithdrawalStatus } from '../types';
import { STATUS_LABELS, STATUS_TONES } from '../utils/status';

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;

function Outcome({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const when = <time dateTime={w.decided_at ?? undefined}>{formatDateTime(w.decided_at)}</time>;
  switch (w.status) {
    case 'requested':
      return <p className="muted">Waiting to be paid.</p>;
    case 'paid':
      return (
        <p>
          Paid {when} · reference <strong className="wallet-reference">{w.reference}</strong>
        </p>
      );
    case 'rejected':
      return (
        <p>
          Rejected {when}: <span className="wallet-reason">{w.reason}</span> The amount is available
          again.
        </p>
      );
    case 'cancelled':
      return <p className="muted">Cancelled {when}. The amount is available again.</p>;
  }
}

function WithdrawalItem({
  withdrawal: w,
  canCancel,
  onChanged,
}: {
  withdrawal: Withdrawal;
  canCancel: boolean;
  onChanged: () => void;
}) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const amount = formatMoney(w.amount);
  const cancel = async () => {
    setStep('busy');
    try {
      await cancelWithdrawal(w.id);
      notify(`Withdrawal cancelled: ${amount} is available again.`);
    } catch (error) {
      // 409: it was decided meanwhile; the reload shows how.
      notifyError(errorText(error));
    }
    setStep('idle');
    onChanged();
  };
  const titleId = `withdrawal-${w.id}`;
  return (
    <li className="card wallet-item" aria-labelledby={titleId} data-testid="withdrawal">
      <div className="wallet-item-head">
        <h3 id={titleId} className="wallet-item-title">
          {amount}
          <span className="visually-hidden"> requested {formatDate(w.requested_at)}</span>
        </h3>
        <span className="wallet-status" data-tone={STATUS_TONES[w.status]}>
          {STATUS_LABELS[w.status]}
        </span>
      </div>
      <p className="wallet-item-meta">
        To {w.method.masked} · requested{' '}
        <time dateTime={w.requested_at}>{formatDateTime(w.requested_at)}</time>
      </p>
      <Outcome withdrawal={w} />
      {w.status === 'requested' && canCancel && (
        <div className="wallet-item-actions">
          {step === 'idle' ? (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setStep('confirm')}
            >
              Cancel request
            </button>
          ) : (
            <>
              <span>Cancel this withdrawal of {amount}?</span>
              <button
                type="button"
                className="button button-danger button-small"
                aria-disabled={step === 'busy' || undefined}
                onClick={() => step === 'confirm' && void cancel()}
              >
                {step === 'busy' ? 'Cancelling…' : 'Yes, cancel it'}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setStep('idle')}
              >
                Keep it
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

const FILTERS: { status: WithdrawalStatus | null; label: string }[] = [
  { status: null, label: 'All' },
  { status: 'requested', label: STATUS_LABELS.requested },
  { status: 'paid', label: STATUS_LABELS.paid },
  { status: 'rejected', label: STATUS_LABELS.rejected },
  { status: 'cancelled', label: STATUS_LABELS.cancelled },
];

const historyHref = (status: WithdrawalStatus | null, page = 1) =>
  buildPath('agent.withdraw', undefined, {
    ...(status ? { status } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  });

/** The withdrawals, newest first: a status filter, pages, and Cancel on pending ones. */
export function WithdrawalHistory({
  history,
  status,
  canCancel,
  onChanged,
}: {
  history: WithdrawalList;
  status: WithdrawalStatus | null;
  canCancel: boolean;
  onChanged: () => void;
}) {
  const { data, meta } = history;
  return (
    <>
      <nav className="wallet-tabs" aria-label="Withdrawal status">
        {FILTERS.map((filter) => (
          <Link
            key={filter.label}
            to={historyHref(filter.status)}
            aria-current={filter.status === status ? 'page' : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      <p className="wallet-count" role="status">
        {meta.total === 0
          ? status
            ? `No ${STATUS_LABELS[status].toLowerCase()} withdrawals.`
            : 'No withdrawals yet.'
          : `${plural(meta.total, status ? `${STATUS_LABELS[status].toLowerCase()} withdrawal` : 'withdrawal')}.`}
      </p>
      {data.length > 0 && (
        <ul className="wallet-list">
          {data.map((w) => (
            <WithdrawalItem key={w.id} withdrawal={w} canCancel={canCancel} onChanged={onChanged} />
          ))}
        </ul>
      )}
      <Pagination
        page={meta.page}
        lastPage={meta.last_page}
        hrefFor={(page) => historyHref(status, page)}
        label="Pages of withdrawals"
      />
    </>
  );
}
