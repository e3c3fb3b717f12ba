/**
 * An agent's wallet: one document `wallet:<agent>` in wf_market holding their payout methods and
 * every withdrawal they asked for. Every change to it (a request, a cancel, an admin's approval
 * or rejection) is one compare-and-set of that document, so two requests at once are decided one
 * after the other: the second sees the first and cannot overdraw (CouchDB has no transactions;
 * one document is its unit of atomicity). What may be withdrawn is the agent's cleared earnings
 * (release entries of the ledger whose clearance date has passed) less every withdrawal requested
 * or paid. Ledger entries follow from the withdrawals' states (`walletEntries`), written by the
 * follow-up like an order's, with the notifications, mail and the mirror in the agent's database.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import { tryLease, releaseLease } from '../../jobs/lease';
import { AppError, conflict, notFound, ValidationError, type FieldErrors } from '../../lib/errors';
import { orderEventMail } from '../../mail/templates';
import type { Money } from '../../schemas/orders';
import { walletMirrorDocSchema } from '../../schemas/userdb-docs';
import { WALLET_MIRROR_ID } from '../../schemas/userdb-rules';
import type {
  PayoutMethod,
  PayoutMethodEntry,
  PayoutMethodInput,
  Withdrawal,
  WithdrawalStatus,
} from '../../schemas/withdrawals';
import { writeNotification } from '../notifications/notifications.service';
import { balanceOf, clearedEarnings, writeEntries } from '../orders/ledger';
import {
  walletEntries,
  type StoredMethod,
  type StoredWithdrawal,
  type WalletDoc,
  type WalletEvent,
} from './wallet.model';
import { userKey, type UserDoc } from '../users/users.model';

type Deps = Pick<AppDeps, 'couch' | 'logger' | 'env' | 'mailer' | 'clock' | 'publicUrl'>;

const walletKey = (agentId: string) => `wallet:${agentId}`;

function mask(method: PayoutMethodInput): string {
  if (method.type === 'bank')
    return `${method.holder} · ${method.iban.slice(0, 4)} •••• ${method.iban.slice(-4)}`;
  const [local, domain] = method.email.split('@') as [string, string];
  return `${local.slice(0, 1)}•••@${domain}`;
}

function methodId(method: PayoutMethodInput): string {
  const key =
    method.type === 'bank' ? `bank:${method.iban}` : `email:${method.email.toLowerCase()}`;
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

const publicMethod = (m: StoredMethod): PayoutMethod => ({
  id: m.id,
  type: m.type,
  masked: m.masked,
});

/** What the agent sees of a withdrawal an admin view returned: the method masked. */
export function publicWithdrawal(w: Withdrawal): Withdrawal {
  return { ...w, method: { id: w.method.id, type: w.method.type, masked: w.method.masked } };
}

function toWithdrawal(wallet: WalletDoc, w: StoredWithdrawal, admin = false): Withdrawal {
  return {
    id: w.id,
    agent: { id: wallet.agent_id, full_name: wallet.agent_name },
    amount: w.amount,
    method: admin ? w.method : publicMethod(w.method),
    status: w.status,
    reference: w.reference,
    reason: w.reason,
    requested_at: w.requested_at,
    decided_at: w.decided_at,
    decided_by: w.decided_by,
  };
}

async function readWallet(deps: Pick<Deps, 'couch'>, agent: UserDoc): Promise<WalletDoc> {
  try {
    return (await deps.couch.db('market').get(walletKey(agent.id))) as unknown as WalletDoc;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return {
      _id: walletKey(agent.id),
      type: 'wallet',
      agent_id: agent.id,
      agent_name: agent.full_name,
      methods: [],
      withdrawals: [],
      outbox: [],
      updated_at: new Date(0).toISOString(),
    };
  }
}

async function readWalletById(deps: Pick<Deps, 'couch'>, agentId: string): Promise<WalletDoc> {
  try {
    return (await deps.couch.db('market').get(walletKey(agentId))) as unknown as WalletDoc;
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such withdrawal.');
    throw error;
  }
}

/** Read, decide, write with the revision; decide again on a conflict. */
async function changeWallet(
  deps: Deps,
  read: () => Promise<WalletDoc>,
  decide: (wallet: WalletDoc) => Promise<WalletDoc> | WalletDoc,
): Promise<WalletDoc> {
  for (let attempt = 0; ; attempt++) {
    const current = await read();
    const next = await decide(current);
    if (next === current) return current;
    try {
      const result = await deps.couch.db('market').insert(next as never);
      return { ...next, _rev: result.rev };
    } catch (error) {
      if (!isConflict(error) || attempt >= 50) throw error;
    }
  }
}

function record(wallet: WalletDoc, kind: WalletEvent['kind'], withdrawalId: string, at: string) {
  return {
    ...wallet,
    updated_at: at,
    outbox: [
      ...wallet.outbox,
      { id: `${withdrawalId}-${kind}`, kind, withdrawal_id: withdrawalId, at },
    ],
  };
}

export async function payoutMethods(deps: Deps, agent: UserDoc): Promise<PayoutMethod[]> {
  return (await readWallet(deps, agent)).methods.map(publicMethod);
}

/**
 * `PUT /api/user/payout-methods`: the whole list, in order. A new method is stored with its
 * details (its id follows from them, so the same account sent again keeps its id); `{id}` keeps
 * a saved method as it is. An id that is not one of this agent's saved methods is a 422 on that
 * entry, whoever else may have a method with it. A saved method left out is removed, unless a
 * withdrawal still pending is to be paid to it: then the save is refused (409), as payment
 * services do, until that withdrawal is paid, rejected or cancelled.
 */
export async function savePayoutMethods(
  deps: Deps,
  agent: UserDoc,
  methods: PayoutMethodEntry[],
): Promise<PayoutMethod[]> {
  const wallet = await changeWallet(
    deps,
    () => readWallet(deps, agent),
    (current) => ({
      ...current,
      methods: nextMethods(current, methods),
      agent_name: agent.full_name,
      updated_at: deps.clock.now().toISOString(),
    }),
  );
  // The mirror on the agent's devices shows the methods too.
  await followUp(deps, agent.id);
  return wallet.methods.map(publicMethod);
}

/** The methods a save leaves in `wallet`, or the error that refuses it. */
function nextMethods(wallet: WalletDoc, entries: PayoutMethodEntry[]): StoredMethod[] {
  const saved = new Map(wallet.methods.map((m) => [m.id, m]));
  const errors: FieldErrors = {};
  const stored: StoredMethod[] = [];
  const ids = new Set<string>();
  entries.forEach((entry, i) => {
    let method: StoredMethod | undefined;
    if (entry.type === undefined) {
      method = saved.get(entry.id);
      if (!method) errors[`methods.${i}.id`] = ['This is not one of your saved payout methods.'];
    } else {
      method = { ...entry, id: methodId(entry), masked: mask(entry) };
    }
    if (!method) return;
    if (ids.has(method.id)) errors[`methods.${i}`] = ['This method is listed twice.'];
    ids.add(method.id);
    stored.push(method);
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const pending = wallet.withdrawals.filter(
    (w) => w.status === 'requested' && !ids.has(w.method.id),
  );
  if (pending.length) {
    const inUse = [...new Map(pending.map((w) => [w.method.id, w.method.masked])).values()];
    throw conflict(
      `A pending withdrawal is to be paid to ${inUse.join(' and ')}: it stays until that ` +
        'withdrawal is paid, rejected or cancelled.',
    );
  }
  return stored;
}

/** What the agent may ask for now: cleared earnings less every withdrawal requested or paid. */
async function withdrawable(deps: Deps, wallet: WalletDoc, currency: string): Promise<number> {
  const cleared = await clearedEarnings(deps.couch, wallet.agent_id, deps.clock.now(), currency);
  const committed = wallet.withdrawals
    .filter(
      (w) => (w.status === 'requested' || w.status === 'paid') && w.amount.currency === currency,
    )
    .reduce((sum, w) => sum + w.amount.amount, 0);
  return cleared - committed;
}

export async function requestWithdrawal(
  deps: Deps,
  agent: UserDoc,
  input: { amount: Money; payout_method_id: string },
): Promise<Withdrawal> {
  const min = deps.env.WITHDRAWAL_MIN_AMOUNT;
  if (input.amount.amount < min)
    throw ValidationError.field(
      'amount.amount',
      `The smallest withdrawal is ${(min / 100).toFixed(2)} ${input.amount.currency}.`,
    );
  const id = randomBytes(10).toString('hex');
  const wallet = await changeWallet(
    deps,
    () => readWallet(deps, agent),
    async (current) => {
      const method = current.methods.find((m) => m.id === input.payout_method_id);
      if (!method)
        throw ValidationError.field('payout_method_id', 'Choose one of your saved payout methods.');
      const available = await withdrawable(deps, current, input.amount.currency);
      if (input.amount.amount > available)
        throw ValidationError.field(
          'amount.amount',
          available > 0
            ? `You can withdraw at most ${(available / 100).toFixed(2)} ${input.amount.currency} now.`
            : 'Nothing is available to withdraw yet.',
        );
      const at = deps.clock.now().toISOString();
      const withdrawal: StoredWithdrawal = {
        id,
        amount: input.amount,
        method,
        status: 'requested',
        reference: null,
        reason: null,
        requested_at: at,
        decided_at: null,
        decided_by: null,
      };
      return record(
        { ...current, withdrawals: [...current.withdrawals, withdrawal] },
        'requested',
        id,
        at,
      );
    },
  );
  await followUp(deps, wallet.agent_id);
  return toWithdrawal(
    wallet,
    wallet.withdrawals.find((w) => w.id === id)!,
  );
}

type Decision =
  | { kind: 'cancel'; by: UserDoc }
  | { kind: 'approve'; by: UserDoc; reference: string }
  | { kind: 'reject'; by: UserDoc; reason: string };

/** Cancels (the agent), approves or rejects (an admin) a withdrawal still requested. */
export async function decideWithdrawal(
  deps: Deps,
  agentId: string,
  withdrawalId: string,
  decision: Decision,
): Promise<{ before: Withdrawal; after: Withdrawal }> {
  let before: Withdrawal | undefined;
  const wallet = await changeWallet(
    deps,
    () => readWalletById(deps, agentId),
    (current) => {
      const w = current.withdrawals.find((x) => x.id === withdrawalId);
      if (!w) throw notFound('No such withdrawal.');
      before = toWithdrawal(current, w, true);
      if (decision.kind === 'cancel' && decision.by.id !== current.agent_id)
        throw notFound('No such withdrawal.');
      if (w.status !== 'requested')
        throw new AppError(409, `This withdrawal is ${w.status} already.`);
      const at = deps.clock.now().toISOString();
      const status: WithdrawalStatus =
        decision.kind === 'approve'
          ? 'paid'
          : decision.kind === 'reject'
            ? 'rejected'
            : 'cancelled';
      const next: StoredWithdrawal = {
        ...w,
        status,
        reference: decision.kind === 'approve' ? decision.reference : null,
        reason: decision.kind === 'reject' ? decision.reason : null,
        decided_at: at,
        decided_by: decision.by.id,
      };
      return record(
        { ...current, withdrawals: current.withdrawals.map((x) => (x.id === w.id ? next : x)) },
        status,
        w.id,
        at,
      );
    },
  );
  await followUp(deps, wallet.agent_id);
  const after = wallet.withdrawals.find((w) => w.id === withdrawalId)!;
  return { before: before!, after: toWithdrawal(wallet, after, true) };
}

/** The agent's own withdrawals, newest first, filtered by status. */
export async function listWithdrawals(
  deps: Deps,
  agent: UserDoc,
  query: { status?: WithdrawalStatus; page: number; per_page: number },
) {
  const wallet = await readWallet(deps, agent);
  const all = [...wallet.withdrawals]
    .filter((w) => !query.status || w.status === query.status)
    .sort((a, b) => b.requested_at.localeCompare(a.requested_at));
  return {
    data: all
      .slice((query.page - 1) * query.per_page, query.page * query.per_page)
      .map((w) => toWithdrawal(wallet, w)),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total: all.length,
      last_page: Math.max(1, Math.ceil(all.length / query.per_page)),
    },
  };
}

/** Every agent's withdrawals for the admin queue (`wallets/withdrawals` view), newest first. */
export async function listAllWithdrawals(
  deps: Deps,
  query: { status?: WithdrawalStatus; page: number; per_page: number },
) {
  const db = deps.couch.db('market');
  const prefix = [query.status ?? '*'];
  const [rows, count] = await Promise.all([
    db.view('wallets', 'withdrawals', {
      startkey: [...prefix, {}],
      endkey: prefix,
      descending: true,
      reduce: false,
      include_docs: true,
      skip: (query.page - 1) * query.per_page,
      limit: query.per_page,
    } as never),
    db.view('wallets', 'withdrawals', {
      startkey: prefix,
      endkey: [...prefix, {}],
      reduce: true,
    } as never),
  ]);
  const total = Number((count.rows[0] as unknown as { value: number } | undefined)?.value ?? 0);
  return {
    data: (rows.rows as unknown as { value: string; doc: WalletDoc }[]).map((row) => {
      const w = row.doc.withdrawals.find((x) => x.id === row.value)!;
      return toWithdrawal(row.doc, w, true);
    }),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}

/** Where a withdrawal is: its agent (the admin routes take the withdrawal id alone). */
export async function agentOfWithdrawal(deps: Pick<Deps, 'couch'>, withdrawalId: string) {
  const rows = await deps.couch.db('market').view('wallets', 'by_withdrawal', {
    key: withdrawalId,
  } as never);
  const row = rows.rows[0] as unknown as { value: string } | undefined;
  if (!row) throw notFound('No such withdrawal.');
  return row.value;
}

const MESSAGES: Record<
  WalletEvent['kind'],
  (w: StoredWithdrawal) => { title: string; body: string } | null
> = {
  requested: () => null,
  cancelled: () => null,
  paid: (w) => ({
    title: 'Withdrawal paid',
    body: `Your withdrawal of ${(w.amount.amount / 100).toFixed(2)} ${w.amount.currency} was paid (reference ${w.reference}).`,
  }),
  rejected: (w) => ({
    title: 'Withdrawal rejected',
    body: `Your withdrawal of ${(w.amount.amount / 100).toFixed(2)} ${w.amount.currency} was rejected: ${w.reason}. The amount is available again.`,
  }),
};

/**
 * After a change: the ledger entries, the mirror `wallet` in the agent's database (history and
 * balances, read offline), a notification and a mail for the agent, the outbox emptied.
 */
export async function followUp(deps: Deps, agentId: string): Promise<void> {
  const lease = await tryLease(deps.couch, deps.clock, `wallet:${agentId}`, 60_000);
  if (!lease) return;
  try {
    const wallet = await readWalletById(deps, agentId);
    await writeEntries(deps.couch, walletEntries(wallet));
    const db = deps.couch.server.use(userDbName(deps.couch, agentId));
    const balance = await balanceOf(deps.couch, agentId, deps.clock.now());
    const mirror = walletMirrorDocSchema.parse({
      _id: WALLET_MIRROR_ID,
      type: 'wallet_mirror',
      withdrawals: [...wallet.withdrawals]
        .sort((a, b) => b.requested_at.localeCompare(a.requested_at))
        .map((w) => toWithdrawal(wallet, w)),
      methods: wallet.methods.map(publicMethod),
      balance,
      mirrored_at: deps.clock.now().toISOString(),
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      let rev: string | undefined;
      try {
        rev = ((await db.get(WALLET_MIRROR_ID)) as unknown as { _rev: string })._rev;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      try {
        await db.insert({ ...mirror, ...(rev ? { _rev: rev } : {}) } as never);
        break;
      } catch (error) {
        if (!isConflict(error) && !isNotFound(error)) throw error;
        if (isNotFound(error)) break; // the agent's database is gone
      }
    }
    let user: UserDoc | null = null;
    try {
      user = (await deps.couch.db('users').get(userKey(agentId))) as unknown as UserDoc;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    for (const event of wallet.outbox) {
      const w = wallet.withdrawals.find((x) => x.id === event.withdrawal_id);
      const message = w && MESSAGES[event.kind](w);
      if (!message || !user) continue;
      await writeNotification(deps, agentId, {
        kind: `withdrawal-${event.kind}`,
        key: event.id,
        title: message.title,
        body: message.body,
        link: '/agent/agent-withdraw',
      });
      await deps.mailer.send(
        orderEventMail(
          user.email,
          user.full_name,
          message.title,
          message.body,
          `${deps.publicUrl()}/agent/agent-withdraw`,
        ),
      );
    }
    if (wallet.outbox.length) {
      const done = new Set(wallet.outbox.map((e) => e.id));
      await changeWallet(
        deps,
        () => readWalletById(deps, agentId),
        (current) => {
          const left = current.outbox.filter((e) => !done.has(e.id));
          return left.length === current.outbox.length ? current : { ...current, outbox: left };
        },
      );
    }
  } catch (error) {
    deps.logger.warn({ err: error, agent: agentId }, 'wallet follow-up failed; it will be retried');
  } finally {
    await releaseLease(deps.couch, lease).catch(() => undefined);
  }
}
