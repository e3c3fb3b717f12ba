// The agent's wallet as the withdraw page shows it: from the API while online, from the mirror
// the API keeps in the agent's own database (`wallet`, synced) while offline or while the
// server cannot be reached.
import { useState } from 'react';
import { useIsOnline } from '@/components/ui/use-online-status';
import { useLocalDoc } from '@/lib/local-db';
import { useResource, type Resource } from '@/lib/use-resource';
import {
  getBalance,
  getPayoutMethods,
  listCompletedOrders,
  listWithdrawals,
  WITHDRAWALS_PER_PAGE,
} from '../api/withdrawals';
import type {
  Balance,
  EarningOrder,
  PayoutMethod,
  WalletMirrorDoc,
  Withdrawal,
  WithdrawalList,
  WithdrawalStatus,
} from '../types';
import { WALLET_MIRROR_ID } from '@wayfarer/api/schemas/userdb-rules';
import { clearanceParts, partsTotal, type ClearancePart } from '../utils/clearance';

const unreachable = (resource: Resource<unknown>) =>
  resource.status === 'error' && resource.error.isNetworkError;

/** The mirror's withdrawals as one page of the API's list (same filter, same page size). */
function mirrorPage(
  mirror: WalletMirrorDoc,
  status: WithdrawalStatus | null,
  page: number,
): WithdrawalList {
  const all = mirror.withdrawals.filter((w) => !status || w.status === status);
  const lastPage = Math.max(1, Math.ceil(all.length / WITHDRAWALS_PER_PAGE));
  const current = Math.min(page, lastPage);
  return {
    data: all.slice((current - 1) * WITHDRAWALS_PER_PAGE, current * WITHDRAWALS_PER_PAGE),
    meta: { page: current, per_page: WITHDRAWALS_PER_PAGE, total: all.length, last_page: lastPage },
  };
}

export interface Wallet {
  /** Where the figures come from: the server, or this device's copy (offline). */
  source: 'server' | 'device';
  /** When the device's copy was written by the server (source `device`). */
  mirroredAt: string | null;
  /** Every withdrawal in the device's copy, newest first (null: no copy here yet). */
  deviceWithdrawals: Withdrawal[] | null;
  balance: Balance | undefined;
  history: WithdrawalList | undefined;
  methods: PayoutMethod[] | undefined;
  /** Still waiting for the first answer (or for the local database). */
  isLoading: boolean;
  /** A failure other than being offline, as a sentence. */
  error: string | null;
  /** Load everything again (after a request or a cancel). */
  reload: () => void;
}

/** The copy of the wallet on this device: undefined while it loads, null when there is none. */
export function useDeviceWallet(): WalletMirrorDoc | null | undefined {
  return useLocalDoc<WalletMirrorDoc>(WALLET_MIRROR_ID);
}

export function useWallet(status: WithdrawalStatus | null, page: number): Wallet {
  const isOnline = useIsOnline();
  const mirror = useDeviceWallet();
  const [version, setVersion] = useState(0);
  const balance = useResource(isOnline ? `balance:${version}` : null, (signal) =>
    getBalance({ signal }),
  );
  const history = useResource(
    isOnline ? `history:${status ?? '*'}:${page}:${version}` : null,
    (signal) => listWithdrawals({ status, page }, { signal }),
  );
  const methods = useResource(isOnline ? `methods:${version}` : null, (signal) =>
    getPayoutMethods({ signal }),
  );
  const reload = () => setVersion((v) => v + 1);

  const fromDevice = !isOnline || unreachable(balance.resource) || unreachable(history.resource);
  if (fromDevice) {
    const doc = mirror ?? null;
    return {
      source: 'device',
      mirroredAt: doc?.mirrored_at ?? null,
      deviceWithdrawals: doc?.withdrawals ?? null,
      balance: doc?.balance,
      history: doc ? mirrorPage(doc, status, page) : undefined,
      methods: doc?.methods,
      isLoading: mirror === undefined,
      error: null,
      reload,
    };
  }
  const failed = [balance.resource, history.resource, methods.resource].find(
    (r) => r.status === 'error',
  );
  return {
    source: 'server',
    mirroredAt: null,
    deviceWithdrawals: mirror?.withdrawals ?? null,
    balance: balance.resource.data,
    history: history.resource.data,
    methods: methods.resource.data,
    isLoading: balance.resource.data === undefined || history.resource.data === undefined,
    error: failed?.status === 'error' ? failed.error.message : null,
    reload,
  };
}

export interface Clearance {
  parts: ClearancePart[];
  /** The parts add up to the server's total (else only the total is shown). */
  isComplete: boolean;
}

/** At most this many pages of 100 completed orders are read to date the money clearing. */
const CLEARANCE_MAX_PAGES = 10;

/**
 * When the money still clearing becomes available: the agent's completed orders, read newest
 * change first until their clearing earnings add up to the server's total.
 */
export function useClearance(pending: number, isEnabled: boolean): Resource<Clearance> {
  const { resource } = useResource(
    isEnabled && pending > 0 ? `clearance:${pending}` : null,
    async (signal) => {
      const now = new Date();
      const orders: EarningOrder[] = [];
      let parts: ClearancePart[] = [];
      for (let page = 1; page <= CLEARANCE_MAX_PAGES; page++) {
        const { data, meta } = await listCompletedOrders(page, { signal });
        orders.push(...data);
        parts = clearanceParts(orders, now);
        if (partsTotal(parts) >= pending || page >= meta.last_page) break;
      }
      return { parts, isComplete: partsTotal(parts) === pending };
    },
  );
  return resource;
}
