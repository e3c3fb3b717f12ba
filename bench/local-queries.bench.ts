/**
 * Local queries: the web app's queries of the user's database on the device that need more than
 * an id prefix, read before by a hand filter over every document of their type (the
 * **baseline**, measured in the same run) and now by pouchdb-find with local indexes
 * (web/src/lib/local-queries.ts: the very selectors, sorts and indexes the app uses).
 *
 * One PouchDB on LevelDB in a temporary folder (the browser has IndexedDB: the absolute figures
 * differ, the ratios tell which way it goes), with the web app's PouchDB and pouchdb-find, filled
 * with BENCH_LQ_MESSAGES messages (default 5,000) over BENCH_LQ_CONVERSATIONS conversations
 * (100), half sent and half received, plus 2 messages not delivered yet to each of 20 people,
 * and BENCH_LQ_NOTIFICATIONS notifications (2,000, one in three unread). The indexes are built
 * once (the time is printed: a device pays it once, at the first query after the update).
 *
 * Each pair is timed BENCH_LQ_RUNS times (default 200, after 20 discarded), the two alternating,
 * each run on the next conversation; every answer is checked against the hand filter's:
 *
 *   conversation       a conversation's messages in order (the chat): before, every message
 *                      read (`allDocs` of `message:`) and filtered; now two `find`s
 *                      (delivered in the conversation, and not delivered yet to the person).
 *   conversation+write the same after a new message in that conversation (written before the
 *                      timed part): the index catches up with the change inside the `find`.
 *   live update        what a new message costs an open chat: before, the in-memory index read
 *                      the changed message (`allDocs` with its id) and sorted the
 *                      conversation again; now the two `find`s again.
 *   bell               the header's bell on every page: before, every notification read and
 *                      sorted for the latest five and the unread count; now two `find`s, the
 *                      count up to 100 (the bell shows "99+" above 99; both sides compared so).
 *   unread             Mark all read: the unread notifications, before every notification read
 *                      and filtered; now one `find`.
 *
 * The notification pairs run twice: with one in three unread, then with all but the 20 newest
 * marked read (a find reads each matching document, the hand filter reads them all at once).
 *
 * Reported per pair: p50 and p95 (nearest rank, 0.01 ms) and the ratios new / before (below 1
 * is faster). The requirement: the find queries are not slower (ratio <= 1): `live
 * update` is the exception by design and printed for information.
 *
 * Run:    npm run bench -- local-queries
 *    or:  npx tsx bench/local-queries.bench.ts
 * Options (environment): BENCH_LQ_MESSAGES, BENCH_LQ_CONVERSATIONS, BENCH_LQ_NOTIFICATIONS,
 * BENCH_LQ_RUNS. Exits 1 when an answer differs from the hand filter's or the run takes more
 * than 10 minutes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import PouchDB from 'pouchdb';
import {
  LOCAL_INDEX,
  UNREAD_COUNT_CAP,
  conversationMessagesQuery,
  latestNotificationsQuery,
  undeliveredMessagesQuery,
  unreadCountQuery,
  unreadNotificationsQuery,
  type LocalIndex,
  type LocalQuery,
} from '../web/src/lib/local-queries';
import {
  formatColumns,
  formatRatio,
  numberFromEnv,
  percentile,
  ratio,
  resultsFileName,
  writeResults,
} from './lib/harness';

const NAME = 'local-queries';
const MESSAGES = numberFromEnv('BENCH_LQ_MESSAGES', 5000, true, 100);
const CONVERSATIONS = numberFromEnv('BENCH_LQ_CONVERSATIONS', 100, true, 1);
const NOTIFICATIONS = numberFromEnv('BENCH_LQ_NOTIFICATIONS', 2000, true, 10);
const RUNS = numberFromEnv('BENCH_LQ_RUNS', 200, true, 1);
const WARMUP = 20;
const PEOPLE_WAITING = 20;
/** The second round of the notification queries: this many unread. */
const FEW_UNREAD = 20;

// The web app's pouchdb-find (web/node_modules), on the same PouchDB.
const webRequire = createRequire(path.resolve(import.meta.dirname, '../web/package.json'));
const findModule = webRequire('pouchdb-find') as { default?: unknown };
(PouchDB as unknown as { plugin(plugin: unknown): void }).plugin(findModule.default ?? findModule);

type Doc = Record<string, unknown> & { _id: string; _rev?: string };
interface Db {
  bulkDocs(docs: Doc[]): Promise<unknown>;
  put(doc: Doc): Promise<{ rev: string }>;
  allDocs(options: Record<string, unknown>): Promise<{ rows: { id: string; doc?: Doc }[] }>;
  createIndex(options: { index: Record<string, unknown> }): Promise<unknown>;
  find(query: LocalQuery): Promise<{ docs: Doc[] }>;
  close(): Promise<void>;
}

interface Message extends Doc {
  type: 'message';
  id: string;
  to: string;
  body: string;
  created_at: string;
  status: string;
  conversation_id?: string;
  sent_at?: string;
}
interface Notice extends Doc {
  type: 'notification';
  created_at: string;
  read_at: string | null;
}

// The app's order (web/src/features/inbox/utils/timeline.ts, compareMessages; and the
// notifications' newestFirst), copied: those modules import the web app's path aliases.
const messageTime = (m: Message) => m.sent_at ?? m.created_at;
function compareMessages(a: Message, b: Message): number {
  const aSent = a.sent_at ? 0 : 1;
  const bSent = b.sent_at ? 0 : 1;
  if (aSent !== bSent) return aSent - bSent;
  return (
    messageTime(a).localeCompare(messageTime(b)) ||
    a.created_at.localeCompare(b.created_at) ||
    a.id.localeCompare(b.id)
  );
}
const newestFirst = (a: Notice, b: Notice) =>
  b.created_at.localeCompare(a.created_at) || b._id.localeCompare(a._id);
const isMessage = (d: Doc): d is Message => d.type === 'message' && typeof d.body === 'string';

// Seeded data ----------------------------------------------------------------------------------

let seed = 1;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const iso = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const pad = (n: number, width = 6) => String(n).padStart(width, '0');
const tagOf = (c: number) => `person_${pad(c, 3)}`;
const conversationOf = (c: number) => `conv:me:${pad(c, 3)}`;
let written = 0;

function message(c: number, n: number, delivered: boolean): Message {
  const id = `m${pad(written++, 8)}${Math.floor(random() * 1e6)}`;
  const at = iso(n * 60_000 + Math.floor(random() * 50_000));
  const mine = !delivered || n % 2 === 0;
  return {
    _id: `message:${id}`,
    type: 'message',
    id,
    to: mine ? tagOf(c) : 'me_myself',
    body: `Message ${n} of conversation ${c}: about the trip, the dates and the price.`,
    created_at: at,
    status: delivered ? 'delivered' : 'pending',
    ...(delivered
      ? {
          conversation_id: conversationOf(c),
          sent_at: iso(n * 60_000 + 55_000),
          from_me: mine,
          delivered_at: iso(n * 60_000 + 55_000),
          read_at: null,
        }
      : {}),
  };
}

function notice(n: number): Notice {
  return {
    _id: `notification:${n % 3 === 0 ? 'message' : 'order'}:${pad(n)}`,
    type: 'notification',
    kind: n % 3 === 0 ? 'message' : 'order',
    title: `Notification ${n}`,
    body: 'Something happened on the marketplace.',
    link: '/inbox',
    created_at: iso(Math.floor(n / 2) * 1000),
    read_at: n % 3 === 0 ? null : iso(10_000_000),
  };
}

// The two ways of each query ----------------------------------------------------------------

const RANGE_END = '\ufff0';
async function allOfType(db: Db, prefix: string): Promise<Doc[]> {
  const result = await db.allDocs({
    startkey: prefix,
    endkey: prefix + RANGE_END,
    include_docs: true,
  });
  return result.rows.flatMap((row) => (row.doc ? [row.doc] : []));
}

/** Before: every message, grouped as MessagesStore groups them. */
async function conversationByHand(db: Db, c: number): Promise<Message[]> {
  const conv = conversationOf(c);
  const key = tagOf(c);
  return (await allOfType(db, 'message:'))
    .filter(isMessage)
    .filter((m) => (m.conversation_id ? m.conversation_id === conv : m.to.toLowerCase() === key))
    .sort(compareMessages);
}

/** The engine's `find` (web/src/lib/local-db-engine.ts), its indexes already there. */
async function find<T extends Doc>(db: Db, query: LocalQuery): Promise<T[]> {
  return (await db.find(query)).docs as T[];
}

/** Now: web/src/features/inbox/api/messages-store.ts, readConversationMessages. */
async function conversationByIndex(db: Db, c: number): Promise<Message[]> {
  const [delivered, waiting] = await Promise.all([
    find<Message>(db, conversationMessagesQuery(conversationOf(c))),
    find<Message>(db, undeliveredMessagesQuery(tagOf(c))),
  ]);
  return [...delivered, ...waiting].filter(isMessage).sort(compareMessages);
}

interface Bell {
  latest: string[];
  /** As the bell shows it: "99+" above 99, whatever the count past that. */
  unread: number;
}
async function bellByHand(db: Db): Promise<Bell> {
  const all = (await allOfType(db, 'notification:'))
    .filter((d): d is Notice => d.type === 'notification')
    .sort(newestFirst);
  return {
    latest: all.slice(0, 5).map((d) => d._id),
    unread: Math.min(all.filter((d) => !d.read_at).length, UNREAD_COUNT_CAP),
  };
}
/** Now: web/src/features/notifications/api/notifications.ts, readBellNotifications. */
async function bellByIndex(db: Db): Promise<Bell> {
  const [latest, unread] = await Promise.all([
    find<Notice>(db, latestNotificationsQuery(5)),
    find<Doc>(db, unreadCountQuery()),
  ]);
  return { latest: latest.sort(newestFirst).map((d) => d._id), unread: unread.length };
}

async function unreadByHand(db: Db): Promise<string[]> {
  return (await allOfType(db, 'notification:'))
    .filter((d) => d.type === 'notification' && !d.read_at)
    .map((d) => d._id)
    .sort();
}
async function unreadByIndex(db: Db): Promise<string[]> {
  const docs = await find<Notice>(db, unreadNotificationsQuery());
  return docs.map((d) => d._id).sort();
}

// Timing -----------------------------------------------------------------------------------------

interface Pair {
  name: string;
  before: number[];
  now: number[];
  informational?: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ids = (list: Doc[]) => list.map((d) => d._id);
let mismatches = 0;
function check(what: string, before: unknown, now: unknown) {
  if (same(before, now)) return;
  mismatches += 1;
  if (mismatches <= 3) console.error(`MISMATCH in ${what}:`, { before, now });
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await work();
  return [performance.now() - start, value];
}

/** Runs `step(run)` WARMUP + RUNS times; step times both ways and returns [before, now] ms. */
async function series(
  name: string,
  step: (run: number) => Promise<[number, number]>,
  informational = false,
): Promise<Pair> {
  const pair: Pair = { name, before: [], now: [], informational };
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const [before, now] = await step(run);
    if (run < WARMUP) continue;
    pair.before.push(before);
    pair.now.push(now);
  }
  process.stdout.write(`  ${name}: done\n`);
  return pair;
}

// Main -------------------------------------------------------------------------------------------

const watchdog = setTimeout(() => {
  console.error(`${NAME}: still running after 10 minutes, stopped.`);
  process.exit(1);
}, 600_000);
watchdog.unref();

const dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-bench-local-'));
let db: Db | undefined;
let exitCode = 0;
try {
  db = new PouchDB(path.join(dir, 'device')) as unknown as Db;
  console.log(
    `${NAME}: ${MESSAGES} messages over ${CONVERSATIONS} conversations, ` +
      `${PEOPLE_WAITING * 2} not delivered, ${NOTIFICATIONS} notifications; ${RUNS} runs a pair ` +
      `(load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores)`,
  );

  const fill: Doc[] = [];
  for (let n = 0; n < MESSAGES; n += 1)
    fill.push(message(n % CONVERSATIONS, Math.floor(n / CONVERSATIONS), true));
  for (let p = 0; p < PEOPLE_WAITING; p += 1) {
    fill.push(message(p % CONVERSATIONS, 10_000, false), message(p % CONVERSATIONS, 10_001, false));
  }
  for (let n = 0; n < NOTIFICATIONS; n += 1) fill.push(notice(n));
  for (let i = 0; i < fill.length; i += 1000) await db.bulkDocs(fill.slice(i, i + 1000));

  // The one-off cost: each index built over what is already on the device.
  const builds: { index: string; ms: number }[] = [];
  for (const index of Object.values(LOCAL_INDEX) as LocalIndex[]) {
    const [ms] = await timed(() =>
      db!.createIndex({ index: { fields: index.fields, ddoc: index.ddoc, name: index.name } }),
    );
    builds.push({ index: index.ddoc, ms });
  }

  const pairs: Pair[] = [];
  const local = db;
  /** Both ways of one query, in alternating order; checks that they agree. */
  const both = async <T>(
    what: string,
    run: number,
    byHand: () => Promise<T>,
    byIndex: () => Promise<T>,
    key: (value: T) => unknown = (value) => value,
  ): Promise<[number, number]> => {
    const first = run % 2 === 0;
    const [a, before] = first ? await timed(byHand) : [0, undefined as T];
    const [b, now] = await timed(byIndex);
    const [a2, before2] = first ? [a, before] : await timed(byHand);
    check(what, key(before2), key(now));
    return [a2, b];
  };

  pairs.push(
    await series('conversation', (run) => {
      const c = run % CONVERSATIONS;
      return both(
        `conversation ${c}`,
        run,
        () => conversationByHand(local, c),
        () => conversationByIndex(local, c),
        ids,
      );
    }),
  );

  pairs.push(
    await series('conversation+write', async (run) => {
      const c = run % CONVERSATIONS;
      await local.put(message(c, 20_000 + run, true));
      return both(
        `conversation ${c} after a write`,
        run,
        () => conversationByHand(local, c),
        () => conversationByIndex(local, c),
        ids,
      );
    }),
  );

  // The old live path: the conversation's sorted list in memory; a change reads that document
  // and sorts the conversation again (MessagesStore.flush + apply + messagesFor).
  const groups = new Map<number, Message[]>();
  pairs.push(
    await series(
      'live update',
      async (run) => {
        const c = run % CONVERSATIONS;
        if (!groups.has(c)) groups.set(c, await conversationByHand(local, c));
        const doc = message(c, 40_000 + run, true);
        await local.put(doc);
        const [a, before] = await timed(async () => {
          const result = await local.allDocs({ keys: [doc._id], include_docs: true });
          const found = result.rows.flatMap((row) =>
            row.doc && isMessage(row.doc) ? [row.doc] : [],
          );
          const list = [...groups.get(c)!.filter((m) => m._id !== doc._id), ...found].sort(
            compareMessages,
          );
          groups.set(c, list);
          return list;
        });
        const [b, now] = await timed(() => conversationByIndex(local, c));
        check(`live update ${c}`, ids(before), ids(now));
        return [a, b];
      },
      true,
    ),
  );

  for (const phase of ['1/3', `${FEW_UNREAD} of ${NOTIFICATIONS}`]) {
    if (phase !== '1/3') {
      // Most people read their notifications: all but the FEW_UNREAD newest unread ones read.
      const unread = (await allOfType(local, 'notification:'))
        .filter((d): d is Notice => d.type === 'notification' && !d.read_at)
        .sort(newestFirst)
        .slice(FEW_UNREAD);
      await local.bulkDocs(unread.map((d) => ({ ...d, read_at: iso(20_000_000) })));
    }
    pairs.push(
      await series(`bell (${phase} unread)`, (run) =>
        both(
          'bell',
          run,
          () => bellByHand(local),
          () => bellByIndex(local),
        ),
      ),
    );
    pairs.push(
      await series(`unread (${phase} unread)`, (run) =>
        both(
          'unread',
          run,
          () => unreadByHand(local),
          () => unreadByIndex(local),
        ),
      ),
    );
  }

  // Report ---------------------------------------------------------------------------------------
  const ms = (value: number) => value.toFixed(2);
  const rows = pairs.map((pair) => {
    const b50 = percentile(pair.before, 50);
    const b95 = percentile(pair.before, 95);
    const n50 = percentile(pair.now, 50);
    const n95 = percentile(pair.now, 95);
    return { ...pair, b50, b95, n50, n95, r50: ratio(n50, b50), r95: ratio(n95, b95) };
  });
  console.log(`\nIndex builds (once per device, over the data above):`);
  console.log(
    formatColumns(
      ['index', 'ms'],
      builds.map((b) => [b.index, ms(b.ms)]),
    ),
  );
  console.log(
    `\nQueries, ${RUNS} runs each (before = hand filter, the baseline; ratio = find / before):`,
  );
  console.log(
    formatColumns(
      [
        'query',
        'before p50',
        'before p95',
        'find p50',
        'find p95',
        'p50 ratio',
        'p95 ratio',
        'verdict',
      ],
      rows.map((r) => [
        r.name,
        ms(r.b50),
        ms(r.b95),
        ms(r.n50),
        ms(r.n95),
        formatRatio(r.r50),
        formatRatio(r.r95),
        r.informational ? 'info' : (r.r50 ?? 2) <= 1 && (r.r95 ?? 2) <= 1 ? 'not slower' : 'SLOWER',
      ]),
    ),
  );
  if (mismatches) {
    console.error(`\n${mismatches} answers differed from the hand filter's.`);
    exitCode = 1;
  }
  const file = await writeResults(resultsFileName(NAME), {
    settings: { MESSAGES, CONVERSATIONS, NOTIFICATIONS, RUNS, WARMUP, PEOPLE_WAITING, FEW_UNREAD },
    builds,
    rows: rows.map(({ before, now, ...row }) => ({
      ...row,
      runs: before.length,
      samples: now.length,
    })),
    mismatches,
  });
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await db?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
  clearTimeout(watchdog);
}
process.exit(exitCode);
