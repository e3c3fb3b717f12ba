import { api } from '@/lib/api-client';
import type { Money } from '@/lib/money';

/** One month of ledger movements, in minor units of the page's currency. */
export interface FinanceMonth {
  /** "2026-06" (UTC) */
  month: string;
  gross_volume: number;
  fees_earned: number;
  refunded: number;
  released: number;
  paid_out: number;
}

/** GET /api/admin/finance: every figure derived from the ledger, and its reconciliation. */
export interface Finance {
  currency: string;
  gross_volume: Money;
  fees_earned: Money;
  refunded: Money;
  escrow_held: Money;
  pending_clearance: Money;
  pending_payouts: Money;
  paid_out: Money;
  over_time: FinanceMonth[];
  ledger: {
    ok: boolean;
    checked_orders: number;
    checked_entries: number;
    differences: number;
    negative_balances: number;
  };
}

export function getFinance(options: { signal?: AbortSignal } = {}): Promise<Finance> {
  return api.get<Finance>('/admin/finance', options);
}
