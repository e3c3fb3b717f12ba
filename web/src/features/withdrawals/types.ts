// The shapes of the withdrawals API (issue 16), from the API's own schemas (types only), and the
// wallet mirror the API writes into the agent's database for offline reading.
import type {
  PayoutMethod,
  PayoutMethodEntry,
  PayoutMethodInput,
  Withdrawal,
  WithdrawalStatus,
} from '@wayfarer/api/schemas/withdrawals';
import type { Balance } from '@wayfarer/api/schemas/orders';
import type { WalletMirrorDoc } from '@wayfarer/api/schemas/userdb-docs';
import type { Money } from '@/lib/money';

export type {
  Balance,
  PayoutMethod,
  PayoutMethodEntry,
  PayoutMethodInput,
  WalletMirrorDoc,
  Withdrawal,
  WithdrawalStatus,
};

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
