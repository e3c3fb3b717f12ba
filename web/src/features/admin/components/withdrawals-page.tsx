import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TextAreaField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { buildPath } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useForm } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { notify } from '@/stores/notification';
import {
  approveWithdrawal,
  listAdminWithdrawals,
  rejectWithdrawal,
  type AdminWithdrawal,
  type WithdrawalStatus,
} from '../api/withdrawals';
import { PageHeading, PagedList, StatusTabs, pageParam } from './admin-list';
import './admin.css';
import './withdrawals.css';

const TABS: { status: WithdrawalStatus | null; label: string }[] = [
  { status: 'requested', label: 'Pending' },
  { status: 'paid', label: 'Paid' },
  { status: 'rejected', label: 'Rejected' },
  { status: 'cancelled', label: 'Cancelled' },
  { status: null, label: 'All' },
];

const TONES: Record<WithdrawalStatus, string> = {
  requested: 'warn',
  paid: 'ok',
  rejected: 'error',
  cancelled: 'off',
};

/** ?status= (Pending when absent: the queue), `all` for every status. */
function statusOf(value: string | null): WithdrawalStatus | null {
  if (value === 'all') return null;
  return TABS.find((tab) => tab.status === value)?.status ?? 'requested';
}

const hrefFor = (status: WithdrawalStatus | null, page = 1) =>
  buildPath('admin.withdrawals', undefined, {
    status: status ?? 'all',
    ...(page > 1 ? { page: String(page) } : {}),
  });

const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

function MethodDetails({ method }: { method: AdminWithdrawal['method'] }) {
  if (method.type === 'email')
    return (
      <dl className="facts withdrawal-method">
        <div>
          <dt>Payment service</dt>
          <dd className="cell-wrap">{method.email}</dd>
        </div>
      </dl>
    );
  return (
    <dl className="facts withdrawal-method">
      <div>
        <dt>Account holder</dt>
        <dd>{method.holder}</dd>
      </div>
      <div>
        <dt>IBAN</dt>
        <dd className="withdrawal-code">{groupIban(method.iban)}</dd>
      </div>
      <div>
        <dt>SWIFT/BIC</dt>
        <dd className="withdrawal-code">{method.bic}</dd>
      </div>
    </dl>
  );
}

type Decision = 'approve' | 'reject';

/**
 * Paying (with the transfer's reference) or rejecting (with the reason the agent reads). A 409
 * means another admin decided it meanwhile: said plainly, with a way to see how.
 */
function DecisionForm({
  withdrawal,
  decision,
  onDone,
  onConflict,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  decision: Decision;
  onDone: (changed: AdminWithdrawal) => void;
  onConflict: (message: string) => void;
  onClose: () => void;
}) {
  const isApprove = decision === 'approve';
  const form = useForm<{ text: string }, AdminWithdrawal | null>({
    initialValues: { text: '' },
    onSubmit: async ({ text }) => {
      try {
        return isApprove
          ? await approveWithdrawal(withdrawal.id, text)
          : await rejectWithdrawal(withdrawal.id, text);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          onConflict(error.message);
          return null;
        }
        // The API names the field `reference` or `reason`; the form has one text field.
        if (error instanceof ApiError && Object.keys(error.errors).length)
          throw new ApiError(error.status, error.message, {
            text: Object.values(error.errors).flat(),
          });
        throw error;
      }
    },
    onSuccess: (changed) => changed && onDone(changed),
  });
  const amount = formatMoney(withdrawal.amount);
  return (
    <form className="form withdrawal-decision" onSubmit={form.submit} noValidate>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      {isApprove ? (
        <TextField
          field={form.field('text')}
          label="Transfer reference"
          hint={`The bank's or the payment service's reference for the ${amount} you sent.`}
          autoComplete="off"
          required
        />
      ) : (
        <TextAreaField
          field={form.field('text')}
          label="Reason for rejecting"
          hint={`${withdrawal.agent.full_name} reads this; the ${amount} becomes available to them again.`}
          rows={3}
          required
        />
      )}
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} className={isApprove ? undefined : 'button-danger'}>
          {isApprove ? 'Mark as paid' : 'Reject withdrawal'}
        </SubmitButton>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function WithdrawalCard({
  withdrawal: w,
  onChanged,
  onReload,
}: {
  withdrawal: AdminWithdrawal;
  onChanged: (changed: AdminWithdrawal) => void;
  onReload: () => void;
}) {
  const [decision, setDecision] = useState<Decision | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const amount = formatMoney(w.amount);
  const titleId = `withdrawal-${w.id}`;
  return (
    <li className="card withdrawal-card" aria-labelledby={titleId} data-testid="admin-withdrawal">
      <div className="withdrawal-head">
        <h2 id={titleId}>
          {amount} to{' '}
          <Link to={buildPath('admin.users.show', { id: w.agent.id })}>{w.agent.full_name}</Link>
        </h2>
        <span className="badge" data-tone={TONES[w.status]}>
          {TABS.find((tab) => tab.status === w.status)?.label}
        </span>
      </div>
      <p className="muted">
        Requested <time dateTime={w.requested_at}>{formatDateTime(w.requested_at)}</time>
        {w.decided_at && (
          <>
            {' '}
            · decided <time dateTime={w.decided_at}>{formatDateTime(w.decided_at)}</time>
          </>
        )}
      </p>
      <MethodDetails method={w.method} />
      {w.status === 'paid' && (
        <p>
          Reference <strong className="withdrawal-code">{w.reference}</strong>
        </p>
      )}
      {w.status === 'rejected' && <p>Reason: {w.reason}</p>}
      {conflict && (
        <div className="alert alert-error withdrawal-conflict" role="alert">
          <div className="alert-body">
            <p className="alert-title">{conflict}</p>
            <p>Someone decided it meanwhile, so nothing was changed.</p>
          </div>
          <button type="button" className="button button-secondary button-small" onClick={onReload}>
            Refresh the list
          </button>
        </div>
      )}
      {w.status === 'requested' && !conflict && (
        <>
          {decision ? (
            <DecisionForm
              key={decision}
              withdrawal={w}
              decision={decision}
              onDone={(changed) => {
                notify(
                  changed.status === 'paid'
                    ? `Marked paid: ${amount} to ${w.agent.full_name}.`
                    : `Rejected: ${amount} is available to ${w.agent.full_name} again.`,
                );
                setDecision(null);
                onChanged(changed);
              }}
              onConflict={(message) => {
                setDecision(null);
                setConflict(message);
              }}
              onClose={() => setDecision(null)}
            />
          ) : (
            <div className="row-actions withdrawal-actions">
              <button
                type="button"
                className="button button-small"
                aria-label={`Mark ${amount} to ${w.agent.full_name} as paid`}
                onClick={() => setDecision('approve')}
              >
                Mark paid
              </button>
              <button
                type="button"
                className="button button-secondary button-small button-danger-text"
                aria-label={`Reject ${amount} to ${w.agent.full_name}`}
                onClick={() => setDecision('reject')}
              >
                Reject
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

/** /admin/withdrawals: the agents' payout requests, pending first. */
export function WithdrawalsPage() {
  const [params] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = pageParam(params);
  const { resource, reload, setData } = useResource(`withdrawals:${status}:${page}`, (signal) =>
    listAdminWithdrawals(status, page, { signal }),
  );
  const label = TABS.find((tab) => tab.status === status)!.label.toLowerCase();

  return (
    <div className="admin-page">
      <PageHeading title="Withdrawals" onRefresh={reload}>
        Agents’ payout requests. Pay them, then mark them paid with the transfer’s reference, or
        reject them with a reason the agent reads.
      </PageHeading>
      <StatusTabs
        label="Withdrawal status"
        className="tabs withdrawal-tabs"
        tabs={TABS}
        current={status}
        hrefFor={hrefFor}
      />
      <PagedList
        resource={resource}
        onRetry={reload}
        what="withdrawals"
        none={
          status === 'requested'
            ? 'No pending withdrawals. All caught up.'
            : `No ${status ? `${label} ` : ''}withdrawals.`
        }
        noun={status ? `${label} withdrawal` : 'withdrawal'}
        className="withdrawal-list"
        hrefFor={(p) => hrefFor(status, p)}
        pagesLabel="Pages of withdrawals"
      >
        {(w) => (
          <WithdrawalCard
            key={w.id}
            withdrawal={w}
            onReload={reload}
            onChanged={(changed) =>
              setData((current) => ({
                ...current,
                data: current.data.map((x) => (x.id === changed.id ? changed : x)),
              }))
            }
          />
        )}
      </PagedList>
    </div>
  );
}
