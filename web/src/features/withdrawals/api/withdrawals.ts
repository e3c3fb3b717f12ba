// The withdrawals API (issue 16) as the agent's pages use it: payout methods, the balance, the
// history, requesting and cancelling, and the completed orders behind the earnings.
import { api } from '@/lib/api-client';
import type { Money } from '@/lib/money';
import type {
  Balance,
  EarningOrder,
  ListMeta,
  PayoutMethod,
  PayoutMethodEntry,
  Withdrawal,
  WithdrawalList,
  WithdrawalStatus,
} from '../types';

type Options = { signal?: AbortSignal };

export async function getPayoutMethods(options: Options = {}): Promise<PayoutMethod[]> {
  return (await api.get<{ methods: PayoutMethod[] }>('/user/payout-methods', options)).methods;
}

/**
 * PUT /api/user/payout-methods: the whole list, saved methods as `{id}` (kept as they are, with
 * their ids) and new ones with their details; the answer has them masked, in the order sent.
 */
export async function savePayoutMethods(methods: PayoutMethodEntry[]): Promise<PayoutMethod[]> {
  return (await api.put<{ methods: PayoutMethod[] }>('/user/payout-methods', { methods })).methods;
}

export function getBalance(options: Options = {}): Promise<Balance> {
  return api.get<Balance>('/balance', options);
}

export const WITHDRAWALS_PER_PAGE = 10;

export function listWithdrawals(
  query: { status: WithdrawalStatus | null; page: number; perPage?: number },
  options: Options = {},
): Promise<WithdrawalList> {
  return api.get<WithdrawalList>('/withdrawals', {
    ...options,
    query: {
      status: query.status,
      page: query.page,
      per_page: query.perPage ?? WITHDRAWALS_PER_PAGE,
    },
  });
}

export async function requestWithdrawal(
  amount: Money,
  payoutMethodId: string,
): Promise<Withdrawal> {
  return (
    await api.post<{ withdrawal: Withdrawal }>('/withdrawals', {
      amount,
      payout_method_id: payoutMethodId,
    })
  ).withdrawal;
}

export async function cancelWithdrawal(id: string): Promise<Withdrawal> {
  return (
    await api.post<{ withdrawal: Withdrawal }>(`/withdrawals/${encodeURIComponent(id)}/cancel`, {})
  ).withdrawal;
}

/** Every page of a list, 100 at a time (an export), up to `maxPages` pages. */
export async function allPages<T>(
  load: (page: number) => Promise<{ data: T[]; meta: ListMeta }>,
  maxPages = 100,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { data, meta } = await load(page);
    items.push(...data);
    if (page >= meta.last_page || data.length === 0) break;
  }
  return items;
}

/** GET /api/orders?as=agent&status=completed: one page of the agent's completed orders. */
export function listCompletedOrders(
  page: number,
  options: Options = {},
): Promise<{ data: EarningOrder[]; meta: ListMeta }> {
  return api.get('/orders', {
    ...options,
    query: { as: 'agent', status: 'completed', page, per_page: 100 },
  });
}
