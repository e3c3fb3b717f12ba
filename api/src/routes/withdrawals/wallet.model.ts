/** An agent's wallet document (wallet.ts) and the ledger entries its withdrawals require. */
import type { Money } from '../../schemas/orders';
import type { PayoutMethod, WithdrawalStatus } from '../../schemas/withdrawals';
import type { EntryDoc } from '../orders/ledger-entries';

export interface StoredMethod extends PayoutMethod {
  holder?: string;
  iban?: string;
  bic?: string;
  email?: string;
}

export interface StoredWithdrawal {
  id: string;
  amount: Money;
  method: StoredMethod;
  status: WithdrawalStatus;
  reference: string | null;
  reason: string | null;
  requested_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

export interface WalletEvent {
  id: string;
  kind: 'requested' | 'paid' | 'rejected' | 'cancelled';
  withdrawal_id: string;
  at: string;
}

export interface WalletDoc {
  _id: string;
  _rev?: string;
  type: 'wallet';
  agent_id: string;
  agent_name: string;
  methods: StoredMethod[];
  withdrawals: StoredWithdrawal[];
  outbox: WalletEvent[];
  updated_at: string;
}

/** The entries a wallet's withdrawals require: held when asked, paid out or returned. */
export function walletEntries(wallet: WalletDoc): EntryDoc[] {
  const entries: EntryDoc[] = [];
  for (const w of wallet.withdrawals) {
    const ref = `wd-${w.id}`;
    const entry = (kind: EntryDoc['kind'], from: string, to: string, at: string): EntryDoc => ({
      _id: `entry:${ref}:${kind}`,
      type: 'entry',
      kind,
      ref,
      currency: w.amount.currency,
      amount: w.amount.amount,
      from,
      to,
      at,
      clears_at: null,
    });
    const agent = `agent:${wallet.agent_id}`;
    const pending = `pending_payout:${wallet.agent_id}`;
    entries.push(entry('withdrawal', agent, pending, w.requested_at));
    if (w.status === 'paid')
      entries.push(entry('payout', pending, `payout:${wallet.agent_id}`, w.decided_at!));
    if (w.status === 'rejected' || w.status === 'cancelled')
      entries.push(entry('withdrawal_return', pending, agent, w.decided_at!));
  }
  return entries;
}
