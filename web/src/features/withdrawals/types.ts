// The shapes of the withdrawals API (issue 16), from the API's own schemas (types only), and the
// wallet mirror the API writes into the agent's database for offline reading.
import type {
  PayoutMethod,
  PayoutMethodInput,
  Withdrawal,
  WithdrawalStatus,
} from '@wayfarer/api/schemas/withdrawals';
import type { StoredDoc } from '@/lib/local-db-docs';
import type { Money } from '@/lib/money';

export type { PayoutMethod, PayoutMethodInput, Withdrawal, WithdrawalStatus };

/** `GET /api/balance`: the caller's balances, derived from the ledger. */
export interface Balance {
  /** Cleared earnings less what was asked for: what may be withdrawn now. */
  available: Money;
  /** Released to the agent, still clearing. */
  pending_clearance: Money;
  /** Asked to be paid out, not paid yet. */
  pending_payout: Money;
  withdrawn: Money;
  earned: Money;
  spent: Money;
  in_escrow: Money;
}

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface WithdrawalList {
  data: Withdrawal[];
  meta: ListMeta;
}

/** `_id: 'wallet'` in the agent's own database: written by the API after every change. */
export interface WalletMirrorDoc extends StoredDoc {
  type: 'wallet_mirror';
  /** Newest first. */
  withdrawals: Withdrawal[];
  methods: PayoutMethod[];
  balance: Balance;
  mirrored_at: string;
}

/** The fields of a completed order the earnings export and the clearance dates read. */
export interface EarningOrder {
  id: string;
  gig: { id: string; title: string };
  completed_at: string | null;
  total: Money;
  fee: Money;
  agent_earnings: Money;
  refunded: Money;
}
