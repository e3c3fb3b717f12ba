/**
 * The local-queries benchmark's scenario (see ../local-queries.bench.ts): the settings, one
 * PouchDB on LevelDB with the web app's pouchdb-find, the seeded messages and notifications, the
 * two ways of each query (by hand, the baseline, and the web app's `find`), and the timed pairs.
 * The table is ./report.ts's.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import PouchDB from 'pouchdb';
import { compareMessages } from '../../web/src/features/inbox/utils/timeline';
import {
  LOCAL_INDEX,
  UNREAD_COUNT_CAP,
  conversationMessagesQuery,
  latestNotificationsQuery,
  notificationsNewestFirst,
  undeliveredMessagesQuery,
  unreadCountQuery,
  unreadNotificationsQuery,
  type LocalIndex,
  type LocalQuery,
} from '../../web/src/lib/local-queries';
import { LOCAL_VIEW, ensureView, queryView } from '../../web/src/lib/local-views';
import { numberFromEnv } from '../lib/harness';

export const NAME = 'local-queries';
export const MESSAGES = numberFromEnv('BENCH_LQ_MESSAGES', 5000, true, 100);
export const CONVERSATIONS = numberFromEnv('BENCH_LQ_CONVERSATIONS', 100, true, 1);
export const NOTIFICATIONS = numberFromEnv('BENCH_LQ_NOTIFICATIONS', 2000, true, 10);
export const RUNS = numberFromEnv('BENCH_LQ_RUNS', 200, true, 1);
export const WARMUP = 20;
export const PEOPLE_WAITING = 20;
/** The second round of the notification queries: this many unread. */
export const FEW_UNREAD = 20;

// The web app's pouchdb-find (web/node_modules), on the same PouchDB.
const webRequire = createRequire(path.resolve(import.meta.dirname, '../../web/package.json'));
const findModule = webRequire('pouchdb-find') as { default?: unknown };
(PouchDB as unknown as { plugin(plugin: unknown): void }).plugin(findModule.default ?? findModule);

type Doc = Record<string, unknown> & { _id: string; _rev?: string };
export interface Db {
  bulkDocs(docs: Doc[]): Promise<unknown>;
  get(id: string): Promise<Doc>;
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

// The app's order: web/src/features/inbox/utils/timeline.ts (compareMessages, imported: it has
// only type imports) and lib/local-queries.ts (notificationsNewestFirst).
const isMessage = (d: Doc): d is Message => d.type === 'message' && typeof d.body === 'string';

/** The device's database, in `dir`. */
export const openDevice = (dir: string) => new PouchDB(path.join(dir, 'device')) as unknown as Db;

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

/** Fills the device: the messages, those not delivered yet, the notifications. */
export async function fill(db: Db): Promise<void> {
  const docs: Doc[] = [];
  for (let n = 0; n < MESSAGES; n += 1)
    docs.push(message(n % CONVERSATIONS, Math.floor(n / CONVERSATIONS), true));
  for (let p = 0; p < PEOPLE_WAITING; p += 1) {
    docs.push(message(p % CONVERSATIONS, 10_000, false), message(p % CONVERSATIONS, 10_001, false));
  }
  for (let n = 0; n < NOTIFICATIONS; n += 1) docs.push(notice(n));
  for (let i = 0; i < docs.length; i += 1000) await db.bulkDocs(docs.slice(i, i + 1000));
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
    .sort(notificationsNewestFirst);
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
  return { latest: latest.sort(notificationsNewestFirst).map((d) => d._id), unread: unread.length };
}

async function unreadByHand(db: Db): Promise<string[]> {
  return (await allOfType(db, 'notification:'))
    .filter((d) => d.type === 'notification' && !d.read_at)
    .map((d) => d._id)
    .sort();
}
/** Mark all read until the local view: the unread through their pouchdb-find index. */
async function unreadByFind(db: Db): Promise<string[]> {
  const docs = await find<Notice>(db, unreadNotificationsQuery());
  return docs.map((d) => d._id).sort();
}
/** Now: web/src/features/notifications/api/notifications.ts, markAllReadIn (its local view). */
async function unreadByView(db: Db): Promise<string[]> {
  const docs = await queryView<Notice>(db, LOCAL_VIEW.unreadNotifications);
  return docs.map((d) => d._id).sort();
}

// Timing -----------------------------------------------------------------------------------------

export interface Pair {
  name: string;
  before: number[];
  now: number[];
  informational?: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ids = (list: Doc[]) => list.map((d) => d._id);
export let mismatches = 0;
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

/** The one-off cost: each index and the local view built over what is already on the device. */
export async function buildIndexes(db: Db): Promise<{ index: string; ms: number }[]> {
  const builds: { index: string; ms: number }[] = [];
  for (const index of Object.values(LOCAL_INDEX) as LocalIndex[]) {
    const [ms] = await timed(() =>
      db.createIndex({ index: { fields: index.fields, ddoc: index.ddoc, name: index.name } }),
    );
    builds.push({ index: index.ddoc, ms });
  }
  const view = LOCAL_VIEW.unreadNotifications;
  const [ms] = await timed(async () => {
    await ensureView(db, view);
    return queryView(db, view);
  });
  builds.push({ index: view.ddoc, ms });
  return builds;
}

/** Both ways of one query, in alternating order; checks that they agree. */
async function both<T>(
  what: string,
  run: number,
  byHand: () => Promise<T>,
  byIndex: () => Promise<T>,
  key: (value: T) => unknown = (value) => value,
): Promise<[number, number]> {
  const first = run % 2 === 0;
  const [a, before] = first ? await timed(byHand) : [0, undefined as T];
  const [b, now] = await timed(byIndex);
  const [a2, before2] = first ? [a, before] : await timed(byHand);
  check(what, key(before2), key(now));
  return [a2, b];
}

/** Every pair, timed. */
export async function runPairs(local: Db): Promise<Pair[]> {
  const pairs: Pair[] = [];
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
        .sort(notificationsNewestFirst)
        .slice(FEW_UNREAD);
      await local.bulkDocs(unread.map((d) => ({ ...d, read_at: iso(20_000_000) })));
    }
    const notificationPair = <T>(
      query: string,
      byHand: (db: Db) => Promise<T>,
      byIndex: (db: Db) => Promise<T>,
    ) =>
      series(`${query} (${phase} unread)`, (run) =>
        both(
          query,
          run,
          () => byHand(local),
          () => byIndex(local),
        ),
      );
    pairs.push(await notificationPair('bell', bellByHand, bellByIndex));
    pairs.push(await notificationPair('unread', unreadByHand, unreadByView));
    // The way the local view replaced, measured in the same run for the before/after ratios.
    pairs.push({
      ...(await notificationPair('unread by find', unreadByHand, unreadByFind)),
      informational: true,
    });
  }
  return pairs;
}
