import { Link } from 'react-router-dom';
import { TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { buildPath } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useForm } from '@/lib/form';
import { formatMoney, type Money } from '@/lib/money';
import { requestWithdrawal } from '../api/withdrawals';
import type { PayoutMethod, Withdrawal } from '../types';
import { toWithdrawalRequest, withdrawFieldErrors, type WithdrawFields } from '../utils/amount';

async function send(fields: WithdrawFields): Promise<Withdrawal> {
  const request = toWithdrawalRequest(fields);
  try {
    return await requestWithdrawal(request.amount, request.payout_method_id);
  } catch (error) {
    if (error instanceof ApiError && Object.keys(error.errors).length)
      throw new ApiError(
        error.status,
        error.message,
        withdrawFieldErrors(error.errors),
        error.body,
      );
    throw error;
  }
}

/**
 * Asking for a payout: an amount in dollars up to the available balance, to a saved method. The
 * server decides the limits (its minimum, the balance at that moment) and says them by the field.
 */
export function WithdrawForm({
  methods,
  available,
  isOnline,
  onRequested,
}: {
  methods: PayoutMethod[];
  available: Money;
  isOnline: boolean;
  onRequested: () => void;
}) {
  const form = useForm<WithdrawFields, Withdrawal>({
    initialValues: { amount: '', method: methods[0]?.id ?? '' },
    onSubmit: send,
    successMessage: (w) =>
      `Requested ${formatMoney(w.amount)} to ${w.method.masked}. It shows as pending below until it is paid.`,
    resetOnSuccess: (values) => ({ ...values, amount: '' }),
    onSuccess: onRequested,
  });
  const method = form.field('method');

  if (methods.length === 0)
    return (
      <p data-testid="no-payout-method">
        You have no payout method yet.{' '}
        <Link to={buildPath('agent.profile.settings')}>Add one in Profile Settings</Link> to
        withdraw your earnings.
      </p>
    );

  return (
    <form className="form wallet-form" onSubmit={form.submit} noValidate>
      {!isOnline && (
        <p className="field-hint">
          Requests need a connection: the form comes back when you are online.
        </p>
      )}
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
        {form.state.successMessage}
      </SuccessAlert>
      <fieldset className="wallet-form-fields" disabled={!isOnline}>
        <legend className="visually-hidden">Withdrawal request</legend>
        <TextField
          field={form.field('amount')}
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          hint={`Available now: ${formatMoney(available)}.`}
          required
        />
        <div className="field">
          <label htmlFor={method.id}>Pay to</label>
          <select
            id={method.id}
            name={method.name}
            value={method.value}
            onChange={(event) => method.onChange(event.target.value)}
            aria-invalid={method.error ? true : undefined}
            aria-describedby={method.error ? method.errorId : undefined}
            required
          >
            <option value="">Choose a payout method</option>
            {methods.map((m) => (
              <option key={m.id} value={m.id}>
                {m.type === 'bank' ? 'Bank transfer' : 'Payment service'}: {m.masked}
              </option>
            ))}
          </select>
          {method.error && (
            <p id={method.errorId} className="field-error">
              {method.error}
            </p>
          )}
          <p className="field-hint">
            <Link to={buildPath('agent.profile.settings')}>Manage payout methods</Link>
          </p>
        </div>
        <div className="form-actions">
          <SubmitButton isBusy={form.isBusy} busyText="Requesting…">
            Request withdrawal
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
