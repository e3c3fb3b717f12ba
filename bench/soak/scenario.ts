/**
 * The soak benchmark's scenario (see ../soak.bench.ts): its settings, the API and the data it
 * starts with, the open-loop load (the mix of requests, the sign-ups spread over the run) and the
 * samples of the processes taken while it runs. The rules and the tables are ./report.ts's.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RunningServer } from '../../api/src/server';
import {
  createWalkGig,
  demoAgent,
  fetchApi,
  PASSWORD,
  registration,
  requestJson,
  type JsonInit,
} from '../lib/accounts';
import { mapLimit, numberFromEnv, percentile, sleep } from '../lib/harness';
import { BenchRun } from '../lib/lifecycle';
import { settleDatabase } from '../lib/couch-target';
import { prng } from '../lib/random';
import { descriptors, rssMb } from '../lib/processes';
import { LOADED_API_ENV } from '../lib/servers';

export const NAME = 'soak';
export const run = new BenchRun(NAME);

// ---------------------------------------------------------------------------------------------
// Settings.

export const minutes = numberFromEnv('BENCH_SOAK_MINUTES', 10, false, 0.25);
export const rps = numberFromEnv('BENCH_SOAK_RPS', 40, false, 1);
export const signups = numberFromEnv('BENCH_SOAK_SIGNUPS', 500, true, 0);
export const maxInFlight = numberFromEnv('BENCH_SOAK_MAX_IN_FLIGHT', 64, true, 1);
export const sampleSeconds = numberFromEnv('BENCH_SOAK_SAMPLE_SECONDS', 15, false, 1);
export const idleSeconds = numberFromEnv('BENCH_SOAK_IDLE_SECONDS', 30, false, 0);
// Fewer than the members who take part (so databases are closed and reopened), more than the
// server could reopen at this rate: at 32 the 10-minute run fell behind for good (the first run).
export const maxDbsOpen = numberFromEnv('BENCH_SOAK_MAX_DBS_OPEN', 128, true, 8);
export const fdMargin = numberFromEnv('BENCH_SOAK_FD_MARGIN', 20, true, 0);
export const p99FloorMs = numberFromEnv('BENCH_SOAK_P99_FLOOR_MS', 10, false, 0);
export const seed = numberFromEnv('BENCH_SOAK_SEED', 1, true, 0);

/** Members registered (tagname, verified address) before the clock starts: more than the open-database cap. */
export const setupMembers = maxDbsOpen + 8;
/** Active gigs made by the demo agent before the clock starts. */
const GIG_COUNT = 24;
/** Registrations and their follow-ups in flight at once during the set-up (scrypt is CPU-bound). */
const SETUP_CONCURRENCY = 2;
/** How long one request may take before it counts as failed. */
const REQUEST_LIMIT_MS = 30_000;
/** How long the requests still in flight at the end of the load may take to finish. */
const DRAIN_LIMIT_MS = REQUEST_LIMIT_MS + 5_000;

export const loadMs = minutes * 60_000;

/** Bounded in time: set-up, the load, the drain, the idle wait, and room for start and shutdown. */
export function timeLimitMs(): number {
  return 300_000 + setupMembers * 3_000 + loadMs + DRAIN_LIMIT_MS + idleSeconds * 1000 + 60_000;
}

/**
 * The password hashing limits the soak runs with, unless PASSWORD_HASH_* are set: the API's
 * default concurrency (cores less one), a queue of 64 and a wait of up to 20 s instead of 32 and
 * 2 s. The soak hashes about two passwords a second (sign-ups and logins at the defaults), far
 * below what one hashing slot does (10 to 15 a second on an idle core); the 2 s bound is there
 * to shed bursts (login-burst measures that), and on a machine busy with other work a few hashes
 * in a row can wait longer than 2 s without anything being wrong with the API. With 20 s a
 * 503 means hashing fell behind the soak's steady rate for good, and it counts as the failure it
 * is: no status but each route's own is expected.
 */
const HASHING_ENV: Record<string, string> = {
  PASSWORD_HASH_QUEUE: '64',
  PASSWORD_HASH_WAIT_MS: '20000',
};

// ---------------------------------------------------------------------------------------------
// The routes and the mix.

export const ROUTE_NAMES = [
  'register',
  'tagname',
  'verify',
  'login',
  'search',
  'gig',
  'user',
  'inbox',
  'message',
  'changes',
  'all_docs',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

/**
 * What each route is and the one status the scenario expects of it. Every other answer (another
 * status, a connection error, no answer within 30 s) is a failure: the scenario expects no
 * error and no non-2xx answer anywhere.
 */
export const ROUTES: Record<RouteName, { label: string; expected: number }> = {
  register: { label: 'POST /api/register', expected: 201 },
  tagname: { label: 'PUT /api/user/tagname', expected: 200 },
  verify: { label: 'POST /api/email/verify/{id}', expected: 200 },
  login: { label: 'POST /api/login', expected: 200 },
  search: { label: 'GET /api/gigs?q&service&sort', expected: 200 },
  gig: { label: 'GET /api/gigs/{id}', expected: 200 },
  user: { label: 'GET /api/user', expected: 200 },
  inbox: { label: 'GET /api/inbox', expected: 200 },
  message: { label: 'POST /api/inbox/messages', expected: 201 },
  changes: { label: 'GET /api/sync/db/_changes?since', expected: 200 },
  all_docs: { label: 'GET /api/sync/db/_all_docs', expected: 200 },
};

/** The share of each kind of request in the mix (the ticks sign-ups do not take), in percent. */
export const MIX: readonly (readonly [RouteName, number])[] = [
  ['search', 25],
  ['gig', 20],
  ['user', 12],
  ['inbox', 12],
  ['message', 10],
  ['changes', 9],
  ['all_docs', 9],
  ['login', 3],
];

/** Title words of the gigs, and the queries searched: words in the titles and one that is not. */
const TITLE_WORDS = [
  'old town',
  'harbour',
  'market',
  'night',
  'street food',
  'castle',
  'river',
  'museum',
  'sunrise',
  'architecture',
  'hidden courtyards',
  'jazz',
];
const QUERY_WORDS = ['market', 'harbour', 'night', 'castle', 'museum', 'jazz', 'walk', 'volcano'];
const SEARCH_SERVICES = ['', 'tour-guide', 'chef'];
const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'];

// ---------------------------------------------------------------------------------------------
// Requests.

/** One request of the load, as it went. `startMs` and `endMs` are from the start of the load. */
interface RequestRecord {
  route: RouteName;
  startMs: number;
  endMs: number;
  ms: number;
  ok: boolean;
}

interface Failure {
  /** `scenario`: the load's own code threw (a bug of the benchmark, counted as a failure too). */
  route: RouteName | 'scenario';
  atMs: number;
  problem: string;
}

interface LoadState {
  records: RequestRecord[];
  failures: Failure[];
  /** Answers per route and status (`error` for no answer). */
  statuses: Record<RouteName, Record<string, number>>;
  inFlight: number;
  maxInFlightSeen: number;
  /** Ticks not sent because `maxInFlight` requests were already in flight. */
  skipped: number;
  ticks: number;
  signupsStarted: number;
  signupsDone: number;
  messagesSent: number;
}

const newState = (): LoadState => ({
  records: [],
  failures: [],
  statuses: Object.fromEntries(ROUTE_NAMES.map((r) => [r, {}])) as LoadState['statuses'],
  inFlight: 0,
  maxInFlightSeen: 0,
  skipped: 0,
  ticks: 0,
  signupsStarted: 0,
  signupsDone: 0,
  messagesSent: 0,
});

interface Member {
  email: string;
  token: string;
  userId: string;
  tagname: string;
  /** The `last_seq` of this member's previous `_changes` read. */
  since: string;
}

interface VerifyLink {
  id: string;
  expires: string;
  signature: string;
}

/**
 * The verification links the API mails at registration, by address: the mailer is wrapped in
 * this process (the mail is still written to the local outbox), so no outbox listing is read
 * per member and the API can run with `NODE_ENV=production`.
 */
function captureVerificationLinks(running: RunningServer): Map<string, VerifyLink> {
  const links = new Map<string, VerifyLink>();
  const mailer = running.deps.mailer;
  const send = mailer.send.bind(mailer);
  mailer.send = async (mail) => {
    const match = /(https?:\/\/\S*\/email\/verify\/\S+)/.exec(mail.text);
    if (match) {
      const link = new URL(match[1]!);
      links.set(mail.to, {
        id: decodeURIComponent(link.pathname.split('/').pop()!),
        expires: link.searchParams.get('expires') ?? '',
        signature: link.searchParams.get('signature') ?? '',
      });
    }
    await send(mail);
  };
  return links;
}

/**
 * One timed request of the load: from just before `fetch` to the whole body read (the time a
 * client waits), recorded whatever the outcome. Resolves with the parsed body when the answer
 * was the route's expected status, else undefined (the failure is recorded).
 */
async function timed<T>(
  state: LoadState,
  loadStart: number,
  route: RouteName,
  url: string,
  init: JsonInit,
): Promise<T | undefined> {
  const started = performance.now();
  let status = 'error';
  let ok = false;
  let body: T | undefined;
  let problem = '';
  try {
    const response = await fetchApi(url, init, REQUEST_LIMIT_MS);
    const text = await response.text();
    status = String(response.status);
    if (response.status === ROUTES[route].expected) {
      ok = true;
      body = (text ? JSON.parse(text) : undefined) as T;
    } else {
      const retryAfter = response.headers.get('retry-after');
      problem = `answered ${response.status}${retryAfter ? ` (Retry-After ${retryAfter})` : ''}: ${text.slice(0, 200)}`;
    }
  } catch (error) {
    problem = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  const ended = performance.now();
  const counts = state.statuses[route];
  counts[status] = (counts[status] ?? 0) + 1;
  state.records.push({
    route,
    startMs: started - loadStart,
    endMs: ended - loadStart,
    ms: ended - started,
    ok,
  });
  if (!ok) state.failures.push({ route, atMs: started - loadStart, problem });
  return body;
}

// ---------------------------------------------------------------------------------------------
// The set-up: the API, gigs, members.

export interface Setup {
  running: RunningServer;
  apiUrl: string;
  loadAtStart: number;
  gigIds: string[];
  members: Member[];
  links: Map<string, VerifyLink>;
  /** A counter for unique addresses and tagnames across set-up and load. */
  nextMember: () => number;
}

const emailOf = (n: number) => `soak-${n}@bench.test`;
const tagnameOf = (n: number) => `soak_member_${n}`;

/** Register, tagname, verification: one member ready to send and receive messages (untimed). */
async function setupMember(apiUrl: string, links: Map<string, VerifyLink>, n: number) {
  const email = emailOf(n);
  const registered = await requestJson<{ token: string; user: { id: string } }>(
    `${apiUrl}/api/register`,
    {
      method: 'POST',
      body: registration(emailOf(n), `Soak Member ${n}`),
    },
    201,
  );
  const tagname = tagnameOf(n);
  await requestJson(
    `${apiUrl}/api/user/tagname`,
    { method: 'PUT', token: registered.token, body: { tagname } },
    200,
  );
  const link = links.get(email);
  if (!link) throw new Error(`no verification mail for ${email}`);
  links.delete(email);
  await requestJson(
    `${apiUrl}/api/email/verify/${encodeURIComponent(link.id)}`,
    { method: 'POST', body: { expires: link.expires, signature: link.signature } },
    200,
  );
  return { email, token: registered.token, userId: registered.user.id, tagname, since: '0' };
}

/**
 * The API (`LOADED_API_ENV`: no demo gigs, rate limits off, the order timers' sweep an hour
 * away; demo members seeded; at most `maxDbsOpen` databases open in the database server;
 * `HASHING_ENV` unless PASSWORD_HASH_* are set), `GIG_COUNT` gigs of the demo agent and
 * `setupMembers` members, then one request of each kind (untimed: views built, caches warm).
 */
export async function setUp(): Promise<Setup> {
  const hashingEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith('PASSWORD_HASH_') && entry[1] !== undefined,
    ),
  );
  const { running, apiUrl, loadAtStart } = await run.start({
    ...LOADED_API_ENV,
    ...HASHING_ENV,
    ...hashingEnv,
    COUCH_MAX_DBS_OPEN: String(maxDbsOpen),
  });
  const links = captureVerificationLinks(running);

  console.log(`${NAME}: ${GIG_COUNT} gigs by the demo agent, ${setupMembers} members…`);
  const agent = await demoAgent(apiUrl);
  const random = prng(seed + 1);
  const gigIds: string[] = [];
  const word = () => TITLE_WORDS[Math.floor(random() * TITLE_WORDS.length)]!;
  for (let i = 0; i < GIG_COUNT; i++) {
    const title = `${word()} and ${word()} walk ${i + 1}`.replace(/^./, (c) => c.toUpperCase());
    gigIds.push((await createWalkGig(apiUrl, agent.token, title)).id);
  }
  let counter = 0;
  const nextMember = () => ++counter;
  const numbers = Array.from({ length: setupMembers }, nextMember);
  const members = await mapLimit(numbers, SETUP_CONCURRENCY, (n) => setupMember(apiUrl, links, n));
  await settleDatabase(NAME);
  await warmUp(apiUrl, gigIds, members);
  return { running, apiUrl, loadAtStart, gigIds, members, links, nextMember };
}

/** One request of each kind, untimed: the search views built, caches and the JIT warm. */
async function warmUp(apiUrl: string, gigIds: readonly string[], members: readonly Member[]) {
  const [someone, other] = [members[0]!, members[1]!];
  for (const sort of SEARCH_SORTS) {
    await requestJson(`${apiUrl}/api/gigs?q=market&service=tour-guide&sort=${sort}`, {}, 200);
  }
  await requestJson(`${apiUrl}/api/gigs/${encodeURIComponent(gigIds[0]!)}`, {}, 200);
  await requestJson(`${apiUrl}/api/user`, { token: someone.token }, 200);
  await requestJson(`${apiUrl}/api/inbox`, { token: someone.token }, 200);
  await requestJson(
    `${apiUrl}/api/inbox/messages`,
    {
      method: 'POST',
      token: someone.token,
      body: { to: other.tagname, body: 'Warm-up', id: 'soak-warm-up' },
    },
    201,
  );
  await requestJson(`${apiUrl}/api/sync/db/_changes?since=0`, { token: someone.token }, 200);
  await requestJson(`${apiUrl}/api/sync/db/_all_docs`, { token: someone.token }, 200);
}

// ---------------------------------------------------------------------------------------------
// Samples of the processes.

export interface Sample {
  atMs: number;
  /** This process: the API, and the load generator beside it. */
  api_rss_mb: number;
  api_heap_used_mb: number;
  db_pid: number | undefined;
  db_rss_mb: number | undefined;
  db_fds: number | undefined;
  /**
   * Distinct databases, and view indexes (`<database>-mrview-<hash>`), with a file open: the
   * directories under the data directory's couch/ that the descriptors point into.
   */
  db_open_databases: number | undefined;
  db_open_views: number | undefined;
  requests: number;
  failed: number;
  skipped: number;
  in_flight: number;
  /** p50 / p99 (nearest rank) of the requests that ended since the previous sample, per route. */
  routes: Partial<Record<RouteName, { count: number; p50_ms: number; p99_ms: number }>>;
}

const MB = 1024 * 1024;

async function takeSample(
  running: RunningServer,
  state: LoadState,
  atMs: number,
  sinceMs: number,
): Promise<Sample> {
  const memory = process.memoryUsage();
  const pid = running.deps.couch.embedded?.pid;
  const fd = pid === undefined ? undefined : await descriptors(pid, running.deps.paths.couchDir);
  const routes: Sample['routes'] = {};
  for (const route of ROUTE_NAMES) {
    const times = state.records
      .filter((r) => r.route === route && r.endMs > sinceMs && r.endMs <= atMs)
      .map((r) => r.ms);
    if (times.length) {
      routes[route] = {
        count: times.length,
        p50_ms: percentile(times, 50),
        p99_ms: percentile(times, 99),
      };
    }
  }
  return {
    atMs,
    api_rss_mb: memory.rss / MB,
    api_heap_used_mb: memory.heapUsed / MB,
    db_pid: pid,
    db_rss_mb: pid === undefined ? undefined : await rssMb(pid),
    db_fds: fd?.fds,
    db_open_databases: fd?.databases,
    db_open_views: fd?.views,
    requests: state.records.length,
    failed: state.failures.length,
    skipped: state.skipped,
    in_flight: state.inFlight,
    routes,
  };
}

// ---------------------------------------------------------------------------------------------
// The load.

export interface LoadResult {
  state: LoadState;
  /** Taken as the load starts (after the set-up), not in any quarter. */
  start: Sample;
  /** Every `sampleSeconds` during the load, and at its end. */
  samples: Sample[];
  /** Taken after the load drained, and after `idleSeconds` more without requests. */
  drained: Sample;
  idle: Sample;
  /** After `idle`, a full garbage collection of this process (undefined when none could be forced). */
  afterGc: Sample | undefined;
  /** Requests still unanswered when the drain's time was up. */
  unfinished: number;
}

type Operation = () => Promise<void>;

/**
 * Open loop: a tick every 1/rps s from the start, each one request started without waiting for
 * the others, unless `maxInFlight` are in flight (the tick is skipped and counted). A tick
 * takes, in order: a sign-up's next step (tagname after its registration, then the
 * verification), a sign-up when one is due (spread evenly over the run), else a request drawn
 * from MIX (seeded). Every `sampleSeconds` the processes are sampled and a line printed.
 */
export async function runLoad(
  setup: Setup,
  printSample: (sample: Sample) => void,
): Promise<LoadResult> {
  const { apiUrl, gigIds, links, running } = setup;
  const ready = [...setup.members];
  const state = newState();
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const totalWeight = MIX.reduce((sum, [, w]) => sum + w, 0);
  const totalTicks = Math.max(1, Math.round((loadMs / 1000) * rps));
  const intervalMs = 1000 / rps;
  const followUps: Operation[] = [];
  const loadStart = performance.now();
  const send = <T>(route: RouteName, url: string, init: Parameters<typeof timed>[4] = {}) =>
    timed<T>(state, loadStart, route, `${apiUrl}${url}`, init);

  const signUp: Operation = async () => {
    const n = setup.nextMember();
    const email = emailOf(n);
    const registered = await send<{ token: string; user: { id: string } }>(
      'register',
      '/api/register',
      {
        method: 'POST',
        body: registration(emailOf(n), `Soak Member ${n}`),
      },
    );
    if (!registered) return;
    const tagname = tagnameOf(n);
    followUps.push(async () => {
      const named = await send('tagname', '/api/user/tagname', {
        method: 'PUT',
        token: registered.token,
        body: { tagname },
      });
      if (!named) return;
      followUps.push(async () => {
        const link = links.get(email);
        links.delete(email);
        if (!link) {
          state.failures.push({
            route: 'verify',
            atMs: performance.now() - loadStart,
            problem: `no verification mail for ${email}`,
          });
          return;
        }
        const verified = await send('verify', `/api/email/verify/${encodeURIComponent(link.id)}`, {
          method: 'POST',
          body: { expires: link.expires, signature: link.signature },
        });
        if (!verified) return;
        state.signupsDone += 1;
        ready.push({
          email,
          token: registered.token,
          userId: registered.user.id,
          tagname,
          since: '0',
        });
      });
    });
  };

  const mixed = (route: RouteName): Operation => {
    const member = pick(ready);
    switch (route) {
      case 'search': {
        const params = new URLSearchParams({ q: pick(QUERY_WORDS), sort: pick(SEARCH_SORTS) });
        const service = pick(SEARCH_SERVICES);
        if (service) params.set('service', service);
        return async () => void (await send('search', `/api/gigs?${params}`));
      }
      case 'gig': {
        const gigId = pick(gigIds);
        return async () => void (await send('gig', `/api/gigs/${encodeURIComponent(gigId)}`));
      }
      case 'user':
        return async () => void (await send('user', '/api/user', { token: member.token }));
      case 'inbox':
        return async () => void (await send('inbox', '/api/inbox', { token: member.token }));
      case 'message': {
        let recipient = pick(ready);
        if (recipient === member) recipient = ready[(ready.indexOf(member) + 1) % ready.length]!;
        const n = ++state.messagesSent;
        const id = `soak-${n.toString(36).padStart(6, '0')}`;
        return async () =>
          void (await send('message', '/api/inbox/messages', {
            method: 'POST',
            token: member.token,
            body: { to: recipient.tagname, body: `Soak message ${n}`, id },
          }));
      }
      case 'changes':
        return async () => {
          const changes = await send<{ last_seq?: unknown }>(
            'changes',
            `/api/sync/db/_changes?since=${encodeURIComponent(member.since)}`,
            { token: member.token },
          );
          if (changes?.last_seq !== undefined) member.since = String(changes.last_seq);
        };
      case 'all_docs':
        return async () =>
          void (await send('all_docs', '/api/sync/db/_all_docs', { token: member.token }));
      case 'login':
        return async () => {
          const session = await send<{ token: string }>('login', '/api/login', {
            method: 'POST',
            body: { email: member.email, password: PASSWORD },
          });
          if (session?.token) member.token = session.token;
        };
      default:
        throw new Error(`no operation for ${route}`);
    }
  };

  const drawMixed = (): Operation => {
    let draw = random() * totalWeight;
    for (const [route, weight] of MIX) {
      draw -= weight;
      if (draw < 0) return mixed(route);
    }
    return mixed(MIX[MIX.length - 1]![0]);
  };

  const nextOperation = (tick: number): Operation => {
    const followUp = followUps.shift();
    if (followUp) return followUp;
    if (
      state.signupsStarted < signups &&
      tick >= Math.floor((state.signupsStarted * totalTicks) / signups)
    ) {
      state.signupsStarted += 1;
      return signUp;
    }
    return drawMixed();
  };

  const inFlight = new Set<Promise<void>>();
  const launch = (operation: Operation) => {
    state.inFlight += 1;
    state.maxInFlightSeen = Math.max(state.maxInFlightSeen, state.inFlight);
    const promise: Promise<void> = operation()
      .catch((error: unknown) => {
        state.failures.push({
          route: 'scenario',
          atMs: performance.now() - loadStart,
          problem: `the scenario failed: ${String(error)}`,
        });
      })
      .finally(() => {
        state.inFlight -= 1;
        inFlight.delete(promise);
      });
    inFlight.add(promise);
  };
  const fire = (tick: number) => {
    state.ticks += 1;
    if (state.inFlight >= maxInFlight) state.skipped += 1;
    else launch(nextOperation(tick));
  };

  // The sampler: one sample as the load starts, every sampleSeconds, one at the end of the load.
  const start = await takeSample(running, state, 0, -1);
  printSample(start);
  const samples: Sample[] = [];
  const sampleMs = sampleSeconds * 1000;
  const sampleAt = async (targetMs: number) => {
    await sleep(loadStart + targetMs - performance.now());
    if (run.stopping) return;
    const atMs = performance.now() - loadStart;
    const sample = await takeSample(running, state, atMs, samples.at(-1)?.atMs ?? 0);
    samples.push(sample);
    printSample(sample);
  };
  const sampler = (async () => {
    for (let k = 1; k * sampleMs <= loadMs; k++) await sampleAt(k * sampleMs);
    if ((samples.at(-1)?.atMs ?? 0) < loadMs - 1000) await sampleAt(loadMs);
  })();

  for (let tick = 0; tick < totalTicks && !run.stopping;) {
    const now = performance.now();
    while (tick < totalTicks && loadStart + tick * intervalMs <= now) fire(tick++);
    if (tick < totalTicks) await sleep(loadStart + tick * intervalMs - performance.now());
  }
  await sampler;

  // The drain: the requests in flight finish, and the steps left of the last sign-ups are sent
  // (each once the step before it answered), so every sign-up can complete. At most 35 s.
  const drainEnd = performance.now() + DRAIN_LIMIT_MS;
  while ((inFlight.size > 0 || followUps.length > 0) && performance.now() < drainEnd) {
    const followUp = followUps.shift();
    if (followUp) launch(followUp);
    await Promise.race([sleep(intervalMs), ...inFlight]);
  }
  const unfinished = inFlight.size + followUps.length;
  const endMs = performance.now() - loadStart;
  const drained = await takeSample(running, state, endMs, samples.at(-1)?.atMs ?? loadMs);
  await sleep(idleSeconds * 1000);
  const idle = await takeSample(running, state, performance.now() - loadStart, endMs);
  const collected = fullGc();
  const afterGc = collected
    ? await takeSample(running, state, performance.now() - loadStart, endMs)
    : undefined;
  return { state, start, samples, drained, idle, afterGc, unfinished };
}

/**
 * A full garbage collection of this process, so that what the heap still holds after the idle
 * wait is what is kept, not garbage not yet collected. `--expose-gc` set at run time gives a new
 * context its `gc`. False when that is not possible.
 */
function fullGc(): boolean {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc !== 'function') return false;
    (gc as () => void)();
    return true;
  } catch {
    return false;
  }
}
