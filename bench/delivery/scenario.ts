/**
 * The delivery benchmark's scenario (see ../delivery.bench.ts): its settings, the users and
 * their live-syncing clients, the three ways a message is sent, the phases and the checks on the
 * server. What is measured on the way is ./tracking.ts's, the tables ./report.ts's.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Couch } from '../../api/src/couch/connect';
import { userDbName } from '../../api/src/couch/userdb';
import type { JobRunner } from '../../api/src/jobs/jobs';
import { registerUser, requestJson } from '../lib/accounts';
import { cpuSnapshot } from '../lib/cpu';
import {
  formatMs,
  mapLimit,
  numberFromEnv,
  sleep,
  summarize,
  type Summary,
  within,
} from '../lib/harness';
import { BenchRun } from '../lib/lifecycle';
import { sortedEndpoints, type RequestLog } from '../lib/pouch-clients';
import { prng } from '../lib/random';
import {
  BASELINE,
  segmentsOf,
  arrivalOrder,
  current,
  databaseLog,
  jobTimes,
  noteArrival,
  notePush,
  notePushAnswered,
  problems,
  pushTimes,
  tracked,
  unexpected,
  type PhaseName,
  type Tracked,
} from './tracking';
import { ClientsThread, type ClientLogs, type SendTimes } from './clients-thread';

export const NAME = 'delivery';
export const run = new BenchRun(NAME);

export const messageCount = numberFromEnv('BENCH_MESSAGES', 10, true, 1);
export const conversationCount = numberFromEnv('BENCH_CONVERSATIONS', 50, true, 1);
export const seed = numberFromEnv('BENCH_SEED', 1, true, 0);
export const INTERVAL_MS = numberFromEnv('BENCH_INTERVAL_MS', 5000, true, 1);
export const ARRIVAL_LIMIT_MS = 60_000;
/** Registrations, tagnames and verifications in flight at once (scrypt is CPU-bound). */
const SETUP_CONCURRENCY = 4;
/** Missing messages looked up on the server when a phase runs out of time. */
const DIAGNOSE_SAMPLE = 50;

/**
 * Bounded in time: set-up, then four phases each at most its sending time plus the arrival
 * limit, plus room for shutdown.
 */
export function timeLimitMs(): number {
  const phaseLimitMs = messageCount * INTERVAL_MS + INTERVAL_MS + ARRIVAL_LIMIT_MS + 30_000;
  return 240_000 + conversationCount * 2_000 + 4 * phaseLimitMs;
}

// ---------------------------------------------------------------------------------------------
// Helpers.

function sentPerSec(items: readonly { sentAt?: number }[]): number {
  const times = items.map((m) => m.sentAt).filter((t): t is number => t !== undefined);
  const span = Math.max(...times) - Math.min(...times);
  return span > 0 ? ((times.length - 1) / span) * 1000 : Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// Accounts.

interface Account {
  label: string;
  email: string;
  token: string;
  userId: string;
  tagname: string;
}

const runTag = Math.random().toString(36).slice(2, 8).padEnd(6, '0');

async function createAccount(apiUrl: string, label: string): Promise<Account> {
  const email = `bench-${runTag}-${label}@example.com`;
  const registered = await registerUser(apiUrl, email, `Bench ${label}`);
  // Tagnames: lower-case letters, digits and _, 3 to 30 characters.
  const tagname = `b${runTag}_${label}`;
  await requestJson(
    `${apiUrl}/api/user/tagname`,
    { method: 'PUT', token: registered.token, body: { tagname } },
    200,
  );
  return { label, email, tagname, ...registered };
}

/** Verifies each address with the link mailed at registration (the local outbox). */
async function verifyEmails(apiUrl: string, accounts: readonly Account[]): Promise<void> {
  const { data } = await requestJson<{ data: { to: string; text: string }[] }>(
    `${apiUrl}/api/dev/mail`,
    {},
    200,
  );
  await mapLimit(accounts, SETUP_CONCURRENCY, async (account) => {
    const mail = data.find((m) => m.to === account.email && m.text.includes('/email/verify/'));
    const match = mail && /(https?:\/\/\S*\/email\/verify\/\S+)/.exec(mail.text);
    if (!match) throw new Error(`no verification mail for ${account.email}`);
    const link = new URL(match[1]!);
    const id = decodeURIComponent(link.pathname.split('/').pop()!);
    await requestJson(
      `${apiUrl}/api/email/verify/${encodeURIComponent(id)}`,
      {
        method: 'POST',
        body: {
          expires: link.searchParams.get('expires'),
          signature: link.searchParams.get('signature'),
        },
      },
      200,
    );
  });
}

/** 2 x BENCH_CONVERSATIONS users, each with a tagname and a verified email address. */
async function createAccounts(
  apiUrl: string,
): Promise<{ senders: Account[]; recipients: Account[] }> {
  console.log(
    `${NAME}: registering ${2 * conversationCount} users (tagname, verified email address)…`,
  );
  const labels = Array.from({ length: conversationCount }, (_, i) => [`s${i}`, `r${i}`]).flat();
  const accounts = await mapLimit(labels, SETUP_CONCURRENCY, (label) =>
    createAccount(apiUrl, label),
  );
  await verifyEmails(apiUrl, accounts);
  return {
    senders: accounts.filter((a) => a.label.startsWith('s')),
    recipients: accounts.filter((a) => a.label.startsWith('r')),
  };
}

// ---------------------------------------------------------------------------------------------
// The conversations: every recipient in a live pull, every sender in a live push.

interface Conversation {
  index: number;
  sender: Account;
  recipient: Account;
  /** Offset of this conversation's first send in each phase. */
  offsetMs: number;
}

/**
 * The users, and their clients in a thread of their own (clients.ts): every recipient in a live
 * pull and every sender in a live push through the gateway.
 */
export async function startConversations(
  apiUrl: string,
  pouchDir: string,
): Promise<{ conversations: Conversation[]; clients: ClientsThread }> {
  const { senders, recipients } = await createAccounts(apiUrl);
  console.log(
    `${NAME}: starting ${conversationCount} recipients (live pull) and ${conversationCount} ` +
      `senders (live push) through the gateway, in the clients' thread…`,
  );
  const clients = new ClientsThread({
    arrival: noteArrival,
    push: notePush,
    pushed: notePushAnswered,
    problem: (text) => problems.push(text),
    retry: () => (current.replicationRetries += 1),
  });
  run.liveHandles.add({ cancel: () => clients.terminate() });
  await clients.start(
    apiUrl,
    pouchDir,
    recipients.map(({ label, token }) => ({ label, token })),
    senders.map(({ label, token }) => ({ label, token })),
  );
  const random = prng(seed);
  const conversations = senders.map((sender, index) => ({
    index,
    sender,
    recipient: recipients[index]!,
    offsetMs: random() * INTERVAL_MS,
  }));
  return { conversations, clients };
}

// ---------------------------------------------------------------------------------------------
// The ways a message is sent.

/** Sends message `id` (the `seq`th of conversation `c`): when it started and when it returned. */
type Send = (c: Conversation, seq: number, id: string, item: Tracked) => Promise<SendTimes>;

const messageId = (phase: PhaseName, conversation: number, seq: number) =>
  `${runTag}-${phase.replace(/[^a-z]/g, '').slice(0, 7)}-c${conversation}-m${seq}`;

const bodyOf = (phase: PhaseName, conversation: number, seq: number) =>
  `Hello from conversation ${conversation}: message ${seq + 1} of ${messageCount} (${phase}). ` +
  'Is the harbour tour still on for Friday morning?';

/** The sender's local write, pushed; the server's own write (the baseline); the POST. */
function sendingWays(
  clients: ClientsThread,
  couch: Couch,
): Record<'offline' | 'serverWrite' | 'online', Send> {
  const offline: Send = async (c, seq, id, item) => {
    const doc = {
      _id: `message:${id}`,
      type: 'message',
      id,
      to: c.recipient.tagname,
      body: bodyOf(item.phase, c.index, seq),
      created_at: new Date().toISOString(),
      status: 'pending',
    };
    return clients.put(c.index, doc);
  };
  const serverWrite: Send = async (c, seq, id, item) => {
    // The shape delivery writes into the recipient's database (inbox-delivery.service deliverMessage).
    const now = new Date().toISOString();
    const ids = [c.sender.userId, c.recipient.userId].sort();
    const doc = {
      _id: `message:${id}`,
      type: 'message',
      id,
      to: c.recipient.tagname,
      to_id: c.recipient.userId,
      from: c.sender.userId,
      from_me: false,
      conversation_id: `conv:${ids.join(':')}`,
      body: bodyOf(item.phase, c.index, seq),
      created_at: now,
      sent_at: now,
      status: 'delivered',
      read_at: null,
      error: null,
    };
    const sentAt = performance.now();
    await couch.server.use(userDbName(couch, c.recipient.userId)).insert(doc as never);
    return { sentAt, doneAt: performance.now() };
  };
  const online: Send = async (c, seq, id, item) => {
    return clients.post(c.index, {
      to: c.recipient.tagname,
      body: bodyOf(item.phase, c.index, seq),
      id,
    });
  };
  return { offline, serverWrite, online };
}

/** How far the missing messages got: pushed, job run, copy on the server, sender's status. */
async function diagnose(
  couch: Couch,
  conversations: readonly Conversation[],
  missing: string[],
): Promise<string> {
  const count = (f: (id: string) => boolean) => missing.filter(f).length;
  const phase = missing[0] === undefined ? undefined : tracked.get(missing[0])!.phase;
  const pushed = phase === 'offline send' || phase === 'warm-up';
  const stages = [
    ...(pushed
      ? [
          `not pushed ${count((id) => !pushTimes.has(`message:${id}`))}`,
          `push not answered ${count((id) => pushTimes.get(`message:${id}`)?.answered === undefined)}`,
        ]
      : []),
    ...(phase === BASELINE
      ? []
      : [
          `job not started ${count((id) => jobTimes.get(id)?.start === undefined)}`,
          `job not finished ${count((id) => jobTimes.get(id)?.end === undefined)}`,
        ]),
  ];
  let onServer = 0;
  const senderStatus = new Map<string, number>();
  const sample = missing.slice(0, DIAGNOSE_SAMPLE);
  await mapLimit(sample, SETUP_CONCURRENCY, async (id) => {
    const c = conversations[tracked.get(id)!.conversation]!;
    const copy = await couch.server
      .use(userDbName(couch, c.recipient.userId))
      .get(`message:${id}`)
      .then(
        () => true,
        () => false,
      );
    if (copy) onServer += 1;
    const status = await couch.server
      .use(userDbName(couch, c.sender.userId))
      .get(`message:${id}`)
      .then(
        (doc) => String((doc as unknown as { status?: string }).status),
        () => 'absent',
      );
    senderStatus.set(status, (senderStatus.get(status) ?? 0) + 1);
  });
  return (
    `of the ${missing.length} missing: ${stages.join(', ')}; of the first ` +
    `${sample.length}, now: ${onServer} in the recipient's database on the server, ` +
    `sender's copy on the server ${[...senderStatus].map(([k, v]) => `${k} ${v}`).join(', ')}`
  );
}

// ---------------------------------------------------------------------------------------------
// A phase: every conversation sends at once, one message every INTERVAL_MS.

export interface PhaseResult {
  phase: PhaseName;
  messages: number;
  /** Messages that had not arrived when the phase's time ran out (then `latency` is theirs only). */
  missing: number;
  /** Why the phase failed (a message missing at the time limit), with how far they got. */
  error?: string;
  /** Of the messages that arrived. */
  latency: Summary;
  /** How late the latest send was against its schedule (the sender keeping up). */
  send_lag_max_ms: number;
  /**
   * Messages sent per second, first send to last (the online senders wait for each answer, so
   * a slow POST lowers their rate below the schedule's).
   */
  sent_per_sec: number;
  /**
   * Messages that arrived per second of the phase (first send to last arrival): what the
   * server sustained when the senders offer more than it delivers.
   */
  delivered_per_sec: number;
  /** How long the send call took (local put, admin write, POST to its answer). */
  send_call: Summary | undefined;
  window_ms: number;
  cpu_self_pct: number;
  /** The clients' thread alone (part of cpu_self_pct); undefined where /proc is not available. */
  cpu_clients_pct: number | undefined;
  cpu_database_pct: number | undefined;
  event_loop_delay_ms: { p50: number; p99: number; max: number };
  replication_retries: number;
  /** The API's requests to the database server per message (feeds apart), and their time. */
  database_requests_per_message: number;
  database_feeds_per_message: number;
  /** The database server's CPU time per request it got from the API (feeds included). */
  database_cpu_ms_per_request: number | undefined;
  /** To the response headers (nano then reads the body), `_changes` feeds excluded. */
  database_request_ms: Summary | undefined;
  /** The API's requests to the database server per message, by `METHOD database endpoint`. */
  database_requests_by_endpoint: Record<string, number>;
  requests_per_message: { recipients: Record<string, number>; senders: Record<string, number> };
  /** Where the time goes, per segment (see the profile table). */
  segments: Record<string, Summary | undefined>;
}

async function runPhase(
  phase: PhaseName,
  conversations: readonly Conversation[],
  perConversation: number,
  send: Send,
  clients: ClientsThread,
  databasePid: number | undefined,
  diagnoseMissing: (missing: string[]) => Promise<string>,
): Promise<PhaseResult> {
  const total = conversations.length * perConversation;
  const ids: string[] = [];
  for (const c of conversations) {
    for (let seq = 0; seq < perConversation; seq++) {
      const id = messageId(phase, c.index, seq);
      tracked.set(id, { phase, conversation: c.index, seq, arrivals: 0 });
      ids.push(id);
    }
  }
  let arrived = 0;
  let allArrived: (() => void) | undefined;
  const done = new Promise<void>((resolve) => (allArrived = resolve));
  current.onArrival = (item) => {
    if (item.phase !== phase) return;
    arrived += 1;
    if (arrived === total) allArrived?.();
  };
  const clientsAtStart = await clients.logs(true);
  current.replicationRetries = 0;
  databaseLog.feeds = 0;
  databaseLog.ms = [];
  databaseLog.endpoints.clear();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuStart = await cpuSnapshot(databasePid);
  const start = performance.now();
  let sendLagMax = 0;
  const sendFailures: string[] = [];

  await Promise.all(
    conversations.map(async (c) => {
      for (let seq = 0; seq < perConversation; seq++) {
        const due = start + c.offsetMs + seq * INTERVAL_MS;
        await sleep(due - performance.now());
        sendLagMax = Math.max(sendLagMax, performance.now() - due);
        const id = messageId(phase, c.index, seq);
        const item = tracked.get(id)!;
        try {
          const times = await send(c, seq, id, item);
          item.sentAt = times.sentAt;
          item.sendDone = times.doneAt;
        } catch (error) {
          sendFailures.push(`${id}: ${String(error)}`);
          return;
        }
      }
    }),
  );
  if (sendFailures.length) {
    throw new Error(
      `${phase}: ${sendFailures.length} send(s) failed, e.g. ${sendFailures.slice(0, 3).join('; ')}`,
    );
  }
  let timedOut: string | undefined;
  try {
    await within(
      ARRIVAL_LIMIT_MS,
      () =>
        `${phase}: ${total - arrived} of ${total} messages still missing ` +
        `${ARRIVAL_LIMIT_MS / 1000} s after the last send`,
      done,
    );
  } catch (error) {
    timedOut = (error as Error).message;
  }
  const cutoff = performance.now();
  const windowMs = cutoff - start;
  const cpuEnd = await cpuSnapshot(databasePid);
  const logs: ClientLogs = await clients.logs(false);
  loopDelay.disable();
  current.onArrival = undefined;
  if (problems.length) throw new Error(`${phase}: ${problems.slice(0, 5).join('; ')}`);
  // Arrivals after the time limit (while the diagnosis runs) count as missing.
  const arrivedInTime = (m: Tracked) => m.arrivedAt !== undefined && m.arrivedAt <= cutoff;
  const missingIds = ids.filter((id) => !arrivedInTime(tracked.get(id)!));
  if (timedOut) timedOut += `; ${await diagnoseMissing(missingIds)}`;
  if (missingIds.length === total) throw new Error(timedOut);

  const items = ids.map((id) => tracked.get(id)!);
  const latencies = items.filter(arrivedInTime).map((m) => m.arrivedAt! - m.sentAt!);
  const perMessage = (log: RequestLog) =>
    Object.fromEntries(sortedEndpoints(log).map(([k, v]) => [k, v.requests / total]));

  const segments = segmentsOf(phase, ids, arrivedInTime);

  const ns = (v: number) => v / 1e6;
  return {
    phase,
    messages: total,
    missing: missingIds.length,
    ...(timedOut ? { error: timedOut } : {}),
    latency: summarize(latencies)!,
    send_lag_max_ms: sendLagMax,
    sent_per_sec: sentPerSec(items),
    delivered_per_sec: ((total - missingIds.length) / windowMs) * 1000,
    send_call: summarize(items.map((m) => m.sendDone! - m.sentAt!)),
    window_ms: windowMs,
    cpu_self_pct: ((cpuEnd.self_ms - cpuStart.self_ms) / windowMs) * 100,
    cpu_clients_pct:
      logs.cpuMs === undefined || clientsAtStart.cpuMs === undefined
        ? undefined
        : ((logs.cpuMs - clientsAtStart.cpuMs) / windowMs) * 100,
    cpu_database_pct:
      cpuEnd.database_ms === undefined || cpuStart.database_ms === undefined
        ? undefined
        : ((cpuEnd.database_ms - cpuStart.database_ms) / windowMs) * 100,
    event_loop_delay_ms: {
      p50: ns(loopDelay.percentile(50)),
      p99: ns(loopDelay.percentile(99)),
      max: ns(loopDelay.max),
    },
    replication_retries: current.replicationRetries,
    database_requests_per_message: databaseLog.ms.length / total,
    database_feeds_per_message: databaseLog.feeds / total,
    database_cpu_ms_per_request:
      cpuEnd.database_ms === undefined || cpuStart.database_ms === undefined
        ? undefined
        : (cpuEnd.database_ms - cpuStart.database_ms) /
          Math.max(1, databaseLog.ms.length + databaseLog.feeds),
    database_request_ms: summarize(databaseLog.ms),
    database_requests_by_endpoint: Object.fromEntries(
      [...databaseLog.endpoints]
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .map(([k, v]) => [k, v / total]),
    ),
    requests_per_message: {
      recipients: perMessage(logs.recipients),
      senders: perMessage(logs.senders),
    },
    segments,
  };
}

/** Checks the phase's messages: once each, revision 1, in the order sent per conversation. */
function checkPhase(
  phase: PhaseName,
  conversations: readonly Conversation[],
  perConversation: number,
) {
  const found: string[] = [];
  for (const c of conversations) {
    const expected = Array.from({ length: perConversation }, (_, seq) =>
      messageId(phase, c.index, seq),
    );
    const got = arrivalOrder.get(`${phase}|${c.index}`) ?? [];
    if (got.join(',') !== expected.join(',')) {
      found.push(
        `conversation ${c.index}: arrived in the order ${got.map((id) => tracked.get(id)!.seq).join(' ')}`,
      );
    }
    for (const id of expected) {
      const item = tracked.get(id)!;
      if (item.arrivals !== 1) found.push(`${id} arrived ${item.arrivals} times`);
      if (!item.rev?.startsWith('1-')) found.push(`${id} arrived at revision ${item.rev}`);
    }
  }
  return found;
}

export interface Phases {
  warmup: PhaseResult;
  /** The measured phases, in order; fewer than three when one ran out of time. */
  results: PhaseResult[];
  /** Every check that failed. */
  failures: string[];
}

/** The warm-up, then the three phases; the checks after each, and on the server at the end. */
export async function runPhases(
  couch: Couch,
  runner: JobRunner,
  conversations: readonly Conversation[],
  clients: ClientsThread,
  databasePid: number | undefined,
): Promise<Phases> {
  const { offline, serverWrite, online } = sendingWays(clients, couch);
  const diagnoseMissing = (missing: string[]) => diagnose(couch, conversations, missing);
  const settle = async () => {
    await within(ARRIVAL_LIMIT_MS, 'waiting for the job runner to be idle', runner.idle());
    await sleep(1000);
  };
  console.log(`${NAME}: warm-up, 1 message per conversation through the sending path (discarded)…`);
  const warmup = await runPhase(
    'warm-up',
    conversations,
    1,
    offline,
    clients,
    databasePid,
    diagnoseMissing,
  );
  const failures = checkPhase('warm-up', conversations, 1);
  console.log(
    `  warm-up       p50 ${formatMs(warmup.latency.p50_ms)} ms, max ${formatMs(warmup.latency.max_ms)} ms`,
  );
  const results: PhaseResult[] = [];
  const plan: [PhaseName, Send][] = [
    ['server write', serverWrite],
    ['offline send', offline],
    ['online POST', online],
  ];
  for (const [phase, send] of plan) {
    await settle();
    console.log(
      `${NAME}: ${phase}, ${conversationCount} conversations x ${messageCount} messages, ` +
        `one every ${INTERVAL_MS} ms per conversation…`,
    );
    const result = await runPhase(
      phase,
      conversations,
      messageCount,
      send,
      clients,
      databasePid,
      diagnoseMissing,
    );
    results.push(result);
    console.log(
      `  ${phase.padEnd(12)}  p50 ${formatMs(result.latency.p50_ms)} ms, ` +
        `p99 ${formatMs(result.latency.p99_ms)} ms, max ${formatMs(result.latency.max_ms)} ms ` +
        `(sender at most ${formatMs(result.send_lag_max_ms)} ms late)` +
        (result.missing ? `, of the ${result.messages - result.missing} that arrived` : ''),
    );
    if (result.error) {
      // What is still queued would be measured by the next phase: stop here, report what is in.
      failures.push(result.error);
      console.error(`${NAME}: ${result.error}`);
      break;
    }
    failures.push(...checkPhase(phase, conversations, messageCount));
  }
  const complete = results.length === plan.length && results.every((r) => !r.error);
  if (complete) await settle();
  failures.push(...(await checkServer(couch, complete ? conversations : [], complete)));
  return { warmup, results, failures };
}

/**
 * On the server: exactly the messages sent in each recipient's database, every sender's copy
 * delivered, no job left (when every phase completed), no message that was not sent.
 */
async function checkServer(
  couch: Couch,
  conversations: readonly Conversation[],
  complete: boolean,
): Promise<string[]> {
  const failures: string[] = [];
  for (const c of conversations) {
    const list = await couch.server
      .use(userDbName(couch, c.recipient.userId))
      .list({ startkey: 'message:', endkey: 'message:\uffff' });
    const expected = [...tracked.entries()]
      .filter(([, m]) => m.conversation === c.index)
      .map(([id]) => `message:${id}`)
      .sort();
    const actual = list.rows.map((r) => r.id).sort();
    if (actual.join(',') !== expected.join(',')) {
      failures.push(
        `conversation ${c.index}: the recipient's database holds ${actual.length} messages, ` +
          `expected ${expected.length}`,
      );
    }
    const sent = await couch.server
      .use(userDbName(couch, c.sender.userId))
      .list({ startkey: 'message:', endkey: 'message:\uffff', include_docs: true });
    for (const row of sent.rows) {
      const doc = row.doc as unknown as { status?: string; error?: string | null };
      if (doc.status !== 'delivered') {
        failures.push(`${row.id}: the sender's copy is ${doc.status} (${doc.error ?? ''})`);
      }
    }
  }
  const left = (
    await couch.db('jobs').list({ startkey: 'job:', endkey: 'job:\uffff', include_docs: true })
  ).rows;
  if (complete && left.length) {
    const sample = left.slice(0, 3).map((row) => JSON.stringify(row.doc));
    failures.push(`${left.length} job(s) left in wf_jobs, e.g. ${sample.join(', ')}`);
  }
  if (unexpected.length)
    failures.push(`unexpected messages arrived: ${unexpected.slice(0, 5).join(', ')}`);
  return failures;
}
