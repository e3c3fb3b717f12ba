import { useState } from 'react';
import { ChoiceField, CheckboxField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { useIsOnline } from '@/components/ui/use-online-status';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { useForm } from '@/lib/form';
import { useResource } from '@/lib/use-resource';
import { notify, notifyError } from '@/stores/notification';
import { getPayoutMethods, savePayoutMethods } from '../api/withdrawals';
import { useDeviceWallet } from '../hooks/use-wallet';
import type { PayoutMethod, PayoutMethodInput } from '../types';
import {
  EMPTY_PAYOUT_FIELDS,
  learnDetails,
  payoutFieldErrors,
  planSave,
  toPayoutMethodInput,
  type KnownDetails,
  type PayoutFields,
} from '../utils/payout-form';
import './withdrawals.css';

const KIND_LABEL = { bank: 'Bank transfer', email: 'Payment service' } as const;
const MAX_METHODS = 5;

const maskedList = (methods: readonly PayoutMethod[]) => methods.map((m) => m.masked).join(', ');

type AddFields = PayoutFields & { replace: boolean };
const EMPTY: AddFields = { ...EMPTY_PAYOUT_FIELDS, replace: false };

/**
 * The agent's payout methods on Profile Settings: the saved ones, masked (the API never sends
 * their details back), a Remove on each, and a form to add a bank account or a payment-service
 * email. The API replaces the whole list on every save, so a save sends again the methods
 * entered on this page; a saved method whose details are not here would be dropped, and the
 * page asks before it does that.
 */
export function PayoutMethods() {
  const isOnline = useIsOnline();
  const device = useDeviceWallet();
  const { resource, setData } = useResource(isOnline ? 'payout-methods' : null, (signal) =>
    getPayoutMethods({ signal }),
  );
  const [known, setKnown] = useState<KnownDetails>({});
  const [removing, setRemoving] = useState<{ method: PayoutMethod; dropped: PayoutMethod[] }>();
  const [isRemoveBusy, setRemoveBusy] = useState(false);

  // Offline, or the server out of reach: this device's copy, read only.
  const fromDevice = !isOnline || (resource.status === 'error' && resource.error.isNetworkError);
  const saved: PayoutMethod[] | undefined = fromDevice ? (device?.methods ?? []) : resource.data;
  const canEdit = !fromDevice && saved !== undefined;

  const store = async (send: PayoutMethodInput[]) => {
    const answer = await savePayoutMethods(send);
    setData(() => answer);
    setKnown(learnDetails(send, answer));
    return answer;
  };

  const form = useForm<AddFields, PayoutMethod[]>({
    initialValues: EMPTY,
    onSubmit: async (values) => {
      const method = toPayoutMethodInput(values);
      const plan = planSave(
        saved ?? [],
        known,
        (saved ?? []).map((m) => m.id),
        method,
      );
      if (plan.dropped.length && !values.replace)
        throw new ApiError(422, 'Confirm that this save replaces your saved methods.', {
          replace: [`Tick this to replace ${maskedList(plan.dropped)}.`],
        });
      try {
        return await store(plan.send);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.errors).length)
          throw new ApiError(
            error.status,
            error.message,
            payoutFieldErrors(error.errors, plan.send.length - 1),
            error.body,
          );
        throw error;
      }
    },
    successMessage: (answer) =>
      `Saved. Withdrawals can now be paid to ${answer.at(-1)?.masked ?? 'this method'}.`,
    resetOnSuccess: () => EMPTY,
  });

  const remove = async (method: PayoutMethod, confirmed: boolean) => {
    if (!saved || isRemoveBusy) return;
    const plan = planSave(
      saved,
      known,
      saved.filter((m) => m.id !== method.id).map((m) => m.id),
    );
    if (plan.dropped.length && !confirmed) {
      setRemoving({ method, dropped: plan.dropped });
      return;
    }
    setRemoveBusy(true);
    try {
      await store(plan.send);
      notify(`Removed ${maskedList([method, ...plan.dropped])}.`);
      setRemoving(undefined);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setRemoveBusy(false);
    }
  };

  const unknownSaved = (saved ?? []).filter((m) => !known[m.id]);
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
              {canEdit && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Remove ${method.masked}`}
                  aria-disabled={isRemoveBusy || undefined}
                  onClick={() => void remove(method, false)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <div className="alert payout-confirm" role="alert">
          <div className="alert-body">
            <p>
              Removing {removing.method.masked} also removes {maskedList(removing.dropped)}: saved
              account details never come back to this page, so they cannot be sent again. Add them
              again afterwards to keep using them.
            </p>
            <div className="payout-confirm-actions">
              <button
                type="button"
                className="button button-danger button-small"
                onClick={() => void remove(removing.method, true)}
              >
                Remove all {removing.dropped.length + 1}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setRemoving(undefined)}
              >
                Keep them
              </button>
            </div>
          </div>
        </div>
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
          {unknownSaved.length > 0 && kind !== '' && (
            <CheckboxField
              field={form.field('replace')}
              label={`Replace ${maskedList(unknownSaved)}`}
              hint="Saved account details never come back to this page, so saving a new method replaces the saved ones. Add them again afterwards to keep them."
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
