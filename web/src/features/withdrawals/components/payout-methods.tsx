import { useState } from 'react';
import { ChoiceField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { useIsOnline } from '@/components/ui/use-online-status';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { useForm } from '@/lib/form';
import { useResource } from '@/lib/use-resource';
import { notify, notifyError } from '@/stores/notification';
import { getPayoutMethods, savePayoutMethods } from '../api/withdrawals';
import { useDeviceWallet } from '../hooks/use-wallet';
import type { PayoutMethod, PayoutMethodEntry } from '../types';
import {
  EMPTY_PAYOUT_FIELDS,
  methodsInUse,
  methodsToSend,
  payoutFieldErrors,
  toPayoutMethodInput,
  type PayoutFields,
} from '../utils/payout-form';
import './withdrawals.css';

const KIND_LABEL = { bank: 'Bank transfer', email: 'Payment service' } as const;
const MAX_METHODS = 5;

/**
 * The agent's payout methods on Profile Settings: the saved ones, masked (the API never sends
 * their details back), a Remove on each, and a form to add a bank account or a payment-service
 * email. The API takes the whole list on every save: the saved methods go by their ids, so a
 * save keeps every one of them but the one removed. A method a pending withdrawal is to be paid
 * to cannot be removed until that withdrawal is decided (the API refuses it too).
 */
export function PayoutMethods() {
  const isOnline = useIsOnline();
  const device = useDeviceWallet();
  const { resource, setData } = useResource(isOnline ? 'payout-methods' : null, (signal) =>
    getPayoutMethods({ signal }),
  );
  const [removingId, setRemovingId] = useState<string>();

  // Offline, or the server out of reach: this device's copy, read only.
  const fromDevice = !isOnline || (resource.status === 'error' && resource.error.isNetworkError);
  const saved: PayoutMethod[] | undefined = fromDevice ? (device?.methods ?? []) : resource.data;
  const canEdit = !fromDevice && saved !== undefined;
  // The device's copy of the history says which methods have a withdrawal pending.
  const inUse = methodsInUse(device?.withdrawals ?? []);

  const store = async (send: PayoutMethodEntry[]) => {
    const answer = await savePayoutMethods(send);
    setData(() => answer);
    return answer;
  };

  const form = useForm<PayoutFields, PayoutMethod[]>({
    initialValues: EMPTY_PAYOUT_FIELDS,
    onSubmit: async (values) => {
      const send = methodsToSend(saved ?? [], { add: toPayoutMethodInput(values) });
      try {
        return await store(send);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.errors).length)
          throw new ApiError(
            error.status,
            error.message,
            payoutFieldErrors(error.errors, send.length - 1),
            error.body,
          );
        throw error;
      }
    },
    successMessage: (answer) =>
      `Saved. Withdrawals can now be paid to ${answer.at(-1)?.masked ?? 'this method'}.`,
    resetOnSuccess: () => EMPTY_PAYOUT_FIELDS,
  });

  const remove = async (method: PayoutMethod) => {
    if (!saved || removingId) return;
    setRemovingId(method.id);
    try {
      await store(methodsToSend(saved, { remove: method.id }));
      notify(`Removed ${method.masked}.`);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setRemovingId(undefined);
    }
  };

  const kind = form.values.kind;

  return (
    <section className="card settings-section" aria-labelledby="payout-methods-title">
      <h2 id="payout-methods-title">Payout methods</h2>
      <p className="muted">
        Where your withdrawals are paid. Once saved, account details are only ever shown masked.
      </p>
      {fromDevice && (
        <p className="alert wallet-offline" role="status">
          You are offline. Payout methods can be changed when you are back online.
        </p>
      )}
      {resource.status === 'error' && !fromDevice && (
        <p className="alert alert-error" role="alert">
          {resource.error.message}
        </p>
      )}
      {saved === undefined ? (
        <p className="muted" role="status">
          Loading your payout methods…
        </p>
      ) : saved.length === 0 ? (
        <p data-testid="payout-methods-empty">
          No payout method yet: add one to withdraw your earnings.
        </p>
      ) : (
        <ul className="payout-list" aria-label="Saved payout methods">
          {saved.map((method) => (
            <li key={method.id} className="payout-method" data-testid="payout-method">
              <span className="payout-kind">{KIND_LABEL[method.type]}</span>
              <span className="payout-masked">{method.masked}</span>
              {inUse.has(method.id) ? (
                <span className="payout-in-use muted">
                  Has a pending withdrawal: it can be removed once that is paid, rejected or
                  cancelled.
                </span>
              ) : (
                canEdit && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={`Remove ${method.masked}`}
                    aria-disabled={removingId !== undefined || undefined}
                    onClick={() => void remove(method)}
                  >
                    Remove
                  </button>
                )
              )}
            </li>
          ))}
        </ul>
      )}

      <h3>Add a payout method</h3>
      <form className="form" onSubmit={form.submit} noValidate>
        <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
        <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
          {form.state.successMessage}
        </SuccessAlert>
        <fieldset className="wallet-form-fields" disabled={!canEdit}>
          <legend className="visually-hidden">New payout method</legend>
          <ChoiceField
            field={form.field('kind')}
            legend="How should we pay you?"
            choices={[
              {
                value: 'bank',
                label: KIND_LABEL.bank,
                description: 'An account holder, an IBAN and a SWIFT/BIC code.',
              },
              {
                value: 'email',
                label: KIND_LABEL.email,
                description: 'The email address of your PayPal, Wise or similar account.',
              },
            ]}
          />
          {kind === 'bank' && (
            <>
              <TextField
                field={form.field('holder')}
                label="Account holder"
                autoComplete="name"
                required
              />
              <TextField
                field={form.field('iban')}
                label="IBAN"
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                hint="Spaces are fine. It is checked for typing mistakes before it is saved."
                required
              />
              <TextField
                field={form.field('bic')}
                label="SWIFT/BIC"
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                hint="8 or 11 letters and digits, from your bank."
                required
              />
            </>
          )}
          {kind === 'email' && (
            <TextField
              field={form.field('email')}
              label="Payment service email"
              type="email"
              autoComplete="email"
              required
            />
          )}
          {(saved?.length ?? 0) >= MAX_METHODS && (
            <p className="field-hint">
              You have five methods, the most there can be: remove one first.
            </p>
          )}
          <div className="form-actions">
            <SubmitButton isBusy={form.isBusy} busyText="Saving…">
              Save payout method
            </SubmitButton>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
