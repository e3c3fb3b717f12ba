/**
 * What a request costs a member with a long history, against one with almost none (issue 24).
 *
 * Starts, in this process, the real API (`startServer`, embedded database on a fresh temporary
 * data directory, demo members without demo gigs, logging off, `NODE_ENV=production`, the order
 * timers' sweep out of the way, the database time limits raised and its health check off while
 * the data is written and indexed), registers two members through `POST /api/register` and
 * writes straight into their own databases (`userdb-<hex>`, admin, `_bulk_docs` in batches of
 * 2,000), every document checked against its schema (`USERDB_DOC_SCHEMAS`, what the database's
 * validate_doc_update enforces):
 *   - member A: about 10 documents (one conversation, a few messages and notifications, a
 *     wishlist with one item): the baseline;
 *   - member B: `BENCH_USER_DOCS` (100,000): three quarters messages in conversations (one per
 *     500 documents, a few long, most short, the newest with unread messages), a quarter
 *     notifications (300 unread, the rest read), a read marker per conversation, one draft and
 *     one wishlist item per 1,000 documents, in three wishlists.
 * Then, for each member, the first request of each route is timed on its own (the first view
 * read of a database builds that view's index over every document written: B's first
 * `GET /api/user` pays for `notifications/unread`, its first messages page for
 * `messages_by_conversation`), and each route is loaded with autocannon (warm-up discarded) at 1
 * connection and at `BENCH_CONNECTIONS`, A and B taking turns:
 *   GET /api/user                    the main subject: account, unread notifications count
 *                                    (view, at most 100 rows), wishlists with their items (id
 *                                    ranges), leaderboards (wf_market)
 *   GET /api/inbox                   every conversation (id range)
 *   GET /api/inbox/{id}/messages     the newest page (50) of the member's busiest conversation
 *   GET /api/projectbox              the project box (id range; empty for both)
 * There is no notification endpoint: the unread count is part of `GET /api/user`.
 * `GET /api/user` and `GET /api/inbox` hand out their answer again while the member's database is
 * unchanged (USERDB_SNAPSHOT_MS, one small `_changes` read first): they are measured as they run
 * and again reading every time (`(read each time)`, the setting at 0), which is what each request
 * right after a change to the member's database costs.
 * Reported: p50 and p99 of each, B/A ratios, the answers' sizes; target: `GET /api/user` p99 of
 * B within 1.5x of A's (a miss is printed as MISSED, not a failure).
 *
 * Run:    npm run bench -- user-cost
 *    or:  npx tsx bench/user-cost.bench.ts
 * Options (environment): BENCH_USER_DOCS documents of member B (100000), BENCH_DURATION seconds
 * per measurement (10), BENCH_CONNECTIONS (10), BENCH_WARMUP seconds of discarded warm-up (2).
 * Exits 1 if a request failed (connection error, timeout or non-2xx answer) or a measured run
 * had no answer at all.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_COUCH_TIMEOUTS } from '../api/src/couch/timeouts';
import { userDbName } from '../api/src/couch/userdb';
import {
  conversationDocId,
  conversationIdFor,
  conversationLink,
  draftId,
  messageDocId,
  notificationId,
  readMarkerId,
  USERDB_DOC_SCHEMAS,
  wishlistItemId,
  type UserDocType,
} from '../api/src/schemas';
import type { RunningServer } from '../api/src/server';
import {
  loadSettings,
  formatColumns,
  formatMs,
  formatRatio,
  measure,
  numberFromEnv,
  ratio,
  saveResults,
  sleep,
  type MeasureResult,
} from './lib/harness';
import { loginUser, registerUser } from './lib/accounts';
import { loadAverage } from './lib/leftovers';
import { guardedRun } from './lib/lifecycle';
import { prng } from './lib/random';
import { LOADED_API_ENV, startBenchApi } from './lib/servers';
import { databaseLabel, externalCouch, settleDatabase } from './lib/couch-target';

const NAME = 'user-cost';
const userDocs = numberFromEnv('BENCH_USER_DOCS', 100_000, true, 100);
const { durationSeconds, connections, warmupSeconds } = loadSettings();
const connectionCounts = [...new Set([1, connections])];

/** Documents a `_bulk_docs` request. */
const BATCH = 2_000;
/** `GET /api/user` p99 of B / A (issue 24). */
const TARGET = 1.5;

// Bounded: start-up, writing and indexing B's documents (generous: the embedded server on a
// busy 2-core machine), and the measurements, with room to spare.
const prepLimitMs = (120 + (userDocs / 1000) * 30) * 1000;
// Six rows (four routes, two also read each time), two members each.
const measureSeconds = 6 * 2 * connectionCounts.length * (warmupSeconds + durationSeconds + 5);
const limitMs = prepLimitMs + (120 + measureSeconds) * 1000;

const { leftovers, finish } = guardedRun(NAME, limitMs);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// The members' documents.

/** How many documents of each kind a member has. */
interface Mix {
  conversations: number;
  /** One per conversation. */
  readMarkers: number;
  messages: number;
  notifications: number;
  /** The newest this many notifications are unread. */
  unreadNotifications: number;
  wishlists: number;
  wishlistItems: number;
  drafts: number;
}

const total = (mix: Mix) =>
  mix.conversations +
  mix.readMarkers +
  mix.messages +
  mix.notifications +
  mix.wishlists +
  mix.wishlistItems +
  mix.drafts;

/** Member A's documents: nine, and the welcome notification registration writes. */
const SMALL: Mix = {
  conversations: 1,
  readMarkers: 1,
  messages: 3,
  notifications: 2,
  unreadNotifications: 1,
  wishlists: 1,
  wishlistItems: 1,
  drafts: 0,
};

/** A history of `docs` documents: mostly messages and notifications. */
function historyOf(docs: number): Mix {
  const conversations = Math.max(2, Math.round(docs / 500));
  const notifications = Math.round(docs / 4);
  const mix: Mix = {
    conversations,
    readMarkers: conversations,
    messages: 0,
    notifications,
    unreadNotifications: Math.min(300, Math.floor(notifications / 2)),
    wishlists: 3,
    wishlistItems: Math.max(1, Math.round(docs / 1000)),
    drafts: Math.max(1, Math.round(docs / 1000)),
  };
  mix.messages = docs - total(mix);
  return mix;
}

type Doc = Record<string, unknown> & { _id: string; type: UserDocType };

/** Three years of history, up to a fixed date (the same documents in every run). */
const END = Date.UTC(2026, 10, 1);
const SPAN = 3 * 365 * 86_400_000;
const iso = (ms: number) => new Date(Math.round(ms)).toISOString();

const WORDS = (
  'hello thanks for the quick answer we land in Dakar on Friday morning could the tour start ' +
  'a little later the kids would love the market and the boat to Goree is lunch included ' +
  'perfect see you at the hotel lobby at nine I sent the deposit yesterday please confirm'
).split(' ');

function sentence(random: () => number, words: number): string {
  const picked = Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]!);
  const text = picked.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

/** Messages per conversation: a few long conversations, many short ones (weights 1/(c+1)). */
function spread(messages: number, conversations: number): number[] {
  const weights = Array.from({ length: conversations }, (_, c) => 1 / (c + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((messages * w) / sum)));
  counts[0]! += messages - counts.reduce((a, b) => a + b, 0);
  return counts;
}

/**
 * The documents of a member (`owner`) with `mix`, as the API and the member's devices write them
 * (api/src/routes/inbox/inbox-delivery.service.ts and the others), oldest first. `tag` keeps
 * two members' ids apart. Yields each conversation's messages, then the conversation and its
 * read marker; then notifications, wishlists and their items, drafts.
 */
function* memberDocs(
  owner: { id: string; tagname: string },
  mix: Mix,
  tag: string,
): Generator<Doc> {
  const random = prng(tag.charCodeAt(0));
  const start = END - SPAN;
  const counts = spread(mix.messages, mix.conversations);
  for (const [c, count] of counts.entries()) {
    const other = {
      id: `bench-${tag}-other-${c}`,
      tagname: `traveller-${tag}-${c}`,
      full_name: `Traveller ${c}`,
      avatar: null,
    };
    const conversationId = conversationIdFor(owner.id, other.id);
    // Conversation 0 is the newest, and so on back in time.
    const last = END - c * 2 * 86_400_000;
    const at = (j: number) => start + ((last - start) * (j + 1)) / count;
    const fromMe = Array.from({ length: count }, () => random() < 0.5);
    // The three newest conversations have their last incoming messages (up to two, never the
    // first message) unread; the member read everything before, a minute after it came.
    const incoming = fromMe.flatMap((mine, j) => (mine ? [] : [j]));
    const unreadFrom =
      c < 3 && incoming.length ? Math.max(1, incoming[Math.max(0, incoming.length - 2)]!) : count;
    const readAt = iso(at(unreadFrom - 1) + 60_000);
    const lastIncoming = incoming.length ? incoming[incoming.length - 1]! : -1;
    const unread: [string, string][] = [];
    let lastMessage: Record<string, unknown> | null = null;
    for (let j = 0; j < count; j++) {
      const id = `${tag}-msg-${c}-${j}`;
      const sentAt = iso(at(j));
      const body = sentence(random, 4 + Math.floor(random() * 40));
      const mine = fromMe[j]!;
      if (!mine && j >= unreadFrom) unread.push([id, sentAt]);
      lastMessage = { id, body: body.slice(0, 120), from_me: mine, at: sentAt };
      yield {
        _id: messageDocId(id),
        type: 'message',
        id,
        to: mine ? other.tagname : owner.tagname,
        to_id: mine ? other.id : owner.id,
        from: mine ? owner.id : other.id,
        from_me: mine,
        conversation_id: conversationId,
        body,
        created_at: sentAt,
        sent_at: sentAt,
        // Their copy of a message they answered has been read; the recipient's copy stays delivered.
        status: mine && j < lastIncoming ? 'read' : 'delivered',
        ...(mine ? { delivered_at: sentAt } : {}),
        read_at: mine && j < lastIncoming ? iso(at(lastIncoming)) : null,
        error: null,
        ...(c % 4 === 1 ? { subject: { kind: 'gig', ref: `gig-${c}`, title: 'Dakar walk' } } : {}),
      };
    }
    yield {
      _id: conversationDocId(conversationId),
      type: 'conversation',
      conversation_id: conversationId,
      other,
      subject: c % 4 === 1 ? { kind: 'gig', ref: `gig-${c}`, title: 'Dakar walk' } : null,
      last_message: lastMessage,
      unread_count: unread.length,
      unread_messages: Object.fromEntries(unread),
      last_read_at: readAt,
      updated_at: iso(at(count - 1)),
    };
    if (c < mix.readMarkers) {
      yield {
        _id: readMarkerId(conversationId),
        type: 'read_marker',
        conversation_id: conversationId,
        read_at: readAt,
      };
    }
  }
  for (let i = 0; i < mix.notifications; i++) {
    const created = start + (SPAN * (i + 1)) / (mix.notifications + 1);
    const kind = i % 10 < 6 ? 'message' : i % 10 < 9 ? 'order-delivered' : 'new-login';
    const key = `${tag}-${i}`;
    yield {
      _id: notificationId(kind, key),
      type: 'notification',
      kind,
      title:
        kind === 'message'
          ? `New message from Traveller ${i % mix.conversations}`
          : kind === 'new-login'
            ? 'New sign-in to your account'
            : 'Your order was delivered',
      body: sentence(random, 6 + Math.floor(random() * 12)),
      link:
        kind === 'message'
          ? conversationLink(
              conversationIdFor(owner.id, `bench-${tag}-other-${i % mix.conversations}`),
            )
          : kind === 'new-login'
            ? '/settings'
            : `/orders/ord-${key}`,
      created_at: iso(created),
      read_at: i >= mix.notifications - mix.unreadNotifications ? null : iso(created + 3_600_000),
    };
  }
  const listNames = ['Dakar next spring', 'Guides I liked', 'Ideas for the wedding'];
  const lists = Array.from({ length: mix.wishlists }, (_, k) => `wishlist:${tag}-list-${k}`);
  for (const [k, listId] of lists.entries()) {
    yield {
      _id: listId,
      type: 'wishlist',
      name: listNames[k % listNames.length]!,
      visibility: k % 2 ? 'private' : 'public',
      created_at: iso(start + k * 86_400_000),
      updated_at: iso(END - k * 86_400_000),
    };
  }
  for (let i = 0; i < mix.wishlistItems; i++) {
    const listId = lists[i % lists.length]!;
    const kind = i % 5 === 4 ? 'user' : 'gig';
    const ref = kind === 'gig' ? `${tag}gig${i}` : `guide-${tag}-${i}`;
    yield {
      _id: wishlistItemId(listId, kind, ref),
      type: 'wishlist_item',
      list_id: listId,
      kind,
      ref,
      title: kind === 'gig' ? `Walking tour number ${i}` : `Guide ${i}`,
      ...(kind === 'gig' ? { image: `/api/gigs/${ref}/images/cover` } : {}),
      added_at: iso(start + (SPAN * (i + 1)) / (mix.wishlistItems + 1)),
    };
  }
  const forms = ['job', 'gig', 'review', 'message', 'profile'];
  for (let i = 0; i < mix.drafts; i++) {
    const form = forms[i % forms.length]!;
    const key = `${tag}-${i}`;
    yield {
      _id: draftId(form, key),
      type: 'draft',
      form,
      key,
      fields: { title: `Draft ${i}`, body: sentence(random, 20 + Math.floor(random() * 60)) },
      updated_at: iso(start + (SPAN * (i + 1)) / (mix.drafts + 1)),
    };
  }
}

/** The schema every document must pass (USERDB_DOC_SCHEMAS, the same rules as the database's). */
function check(doc: Doc): void {
  const schema: { safeParse(value: unknown): { success: boolean; error?: unknown } } =
    USERDB_DOC_SCHEMAS[doc.type];
  const result = schema.safeParse(doc);
  if (!result.success) {
    throw new Error(`generated ${doc._id} does not pass its schema: ${String(result.error)}`);
  }
}

/** Tries of one `_bulk_docs` request cut off on its way (a connection closed under it). */
const BATCH_TRIES = 3;

/**
 * Writes the documents in batches, saying how far it got every tenth of `expected`; returns how
 * many. A batch cut off on its way is sent again: its ids are fixed, so a document the first try
 * stored answers a conflict, and counts as written.
 */
async function write(
  running: RunningServer,
  userId: string,
  docs: Iterable<Doc>,
  expected: number,
  label: string,
) {
  const db = running.deps.couch.server.use(userDbName(running.deps.couch, userId));
  const started = performance.now();
  let written = 0;
  let reported = 0;
  let batch: Doc[] = [];
  const flush = async () => {
    if (!batch.length) return;
    for (let attempt = 1; ; attempt++) {
      let results;
      try {
        results = await db.bulk({ docs: batch } as never);
      } catch (error) {
        if (attempt >= BATCH_TRIES) throw error;
        console.warn(`${NAME}: a batch of ${label} failed (${String(error)}); sending it again`);
        continue;
      }
      const failed = results.filter((r) => r.error && !(attempt > 1 && r.error === 'conflict'));
      if (failed.length) {
        throw new Error(
          `_bulk_docs: ${failed.length} failed, e.g. ${failed[0]!.id} ${failed[0]!.error}`,
        );
      }
      break;
    }
    written += batch.length;
    batch = [];
    if (expected >= 10 * BATCH && written - reported >= expected / 10) {
      reported = written;
      console.log(
        `${NAME}:   ${label}: ${written} of ${expected} written ` +
          `(${seconds(performance.now() - started)}, load average ${loadAverage()})`,
      );
    }
  };
  for (const doc of docs) {
    check(doc);
    batch.push(doc);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return written;
}

/** Documents in a member's database, design documents left out. */
async function docCount(running: RunningServer, userId: string): Promise<number> {
  const db = running.deps.couch.server.use(userDbName(running.deps.couch, userId));
  const [info, design] = await Promise.all([
    db.info(),
    db.list({ startkey: '_design/', endkey: '_design0' }),
  ]);
  return info.doc_count - design.rows.length;
}

// ---------------------------------------------------------------------------------------------
// The routes.

interface Member {
  label: 'A' | 'B';
  email: string;
  userId: string;
  token: string;
  documents: number;
  /** The conversation with the most messages. */
  busiest: string;
}

/**
 * `snapshot`: the route hands out its answer again while the member's database is unchanged
 * (USERDB_SNAPSHOT_MS): it is also measured with that off, as every request right after a change
 * (a message or notification arriving, the member's own sync) costs.
 */
const ROUTES: { name: string; path: (member: Member) => string; snapshot?: true }[] = [
  { name: 'GET /api/user', path: () => '/api/user', snapshot: true },
  { name: 'GET /api/inbox', path: () => '/api/inbox', snapshot: true },
  {
    name: 'GET /api/inbox/{id}/messages',
    path: (member) => `/api/inbox/${encodeURIComponent(member.busiest)}/messages`,
  },
  { name: 'GET /api/projectbox', path: () => '/api/projectbox' },
];
const MAIN_ROUTE = ROUTES[0]!.name;
/** The name of a route's rows measured with its answers read every time. */
const EVERY_TIME = ' (read each time)';

interface FirstRequest {
  route: string;
  member: Member['label'];
  status: number;
  ms: number;
  /** Requests until it answered (more than 1 only on BENCH_COUCH_URL: see firstRequest). */
  tries: number;
  bytes: number;
}

async function firstRequest(apiUrl: string, route: (typeof ROUTES)[number], member: Member) {
  const started = performance.now();
  const deadline = Date.now() + prepLimitMs;
  let response: Response;
  let body: string;
  let tries = 0;
  for (;;) {
    tries += 1;
    response = await fetch(`${apiUrl}${route.path(member)}`, {
      headers: { authorization: `Bearer ${member.token}` },
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    });
    body = await response.text();
    // BENCH_COUCH_URL: CouchDB 3.4 answers a read whose large index is still building with a
    // 500 timeout (the API passes on a 500 or a 503): asked again, the time is until the answer.
    if (!externalCouch || ![500, 503].includes(response.status) || Date.now() >= deadline) break;
    console.log(
      `${NAME}: ${route.name} (${member.label}) answered ${response.status} while its index is ` +
        'built; asking again',
    );
    await sleep(1000);
  }
  const ms = performance.now() - started;
  if (!response.ok)
    console.error(
      `${NAME}: ${route.name} (${member.label}) answered ${response.status}: ${body.slice(0, 200)}`,
    );
  return {
    route: route.name,
    member: member.label,
    status: response.status,
    ms,
    tries,
    bytes: Buffer.byteLength(body),
  } satisfies FirstRequest;
}

interface Row {
  route: string;
  connections: number;
  a: MeasureResult;
  b: MeasureResult;
}

/** A run's percentile, or `-` when no request was answered in it. */
const shownMs = (m: MeasureResult, key: 'p50_ms' | 'p99_ms') =>
  m.total > 0 ? formatMs(m[key]) : '-';

/** B / A of a percentile, when both runs had answers. */
const ratioOf = (r: Row, key: 'p50_ms' | 'p99_ms') =>
  r.a.total > 0 && r.b.total > 0 ? ratio(r.b[key], r.a[key]) : undefined;

async function main(): Promise<number> {
  console.log(`${NAME}: starting the API (${databaseLabel()}); load average ${loadAverage()}`);
  const started = await startBenchApi({
    env: {
      ...LOADED_API_ENV,
      // Writing and indexing B's documents on a busy machine: no 503 half-way (the first view
      // read waits for its index), and no restart of a database server slow to answer its
      // health check meanwhile.
      COUCH_TIMEOUT_MS: '600000',
      COUCH_HEALTH_INTERVAL_MS: '0',
      COUCH_VIEW_TIMEOUT_MS: String(prepLimitMs),
    },
    keep: leftovers.keep,
  });
  const running = started.running;
  leftovers.closeAtEnd(() => running.close(2000));
  const apiUrl = started.url;

  const stamp = `${Date.now()}`;
  const members: Member[] = [];
  const mixes = { A: SMALL, B: historyOf(userDocs) };
  for (const label of ['A', 'B'] as const) {
    const email = `bench-user-cost-${label.toLowerCase()}-${stamp}@example.com`;
    const registered = await registerUser(apiUrl, email, `Member ${label}`);
    members.push({ label, email, ...registered, documents: 0, busiest: '' });
  }
  const mixB = mixes.B;
  console.log(
    `${NAME}: member B's history: ${mixB.messages} messages in ${mixB.conversations} ` +
      `conversations, ${mixB.notifications} notifications (${mixB.unreadNotifications} unread), ` +
      `${mixB.readMarkers} read markers, ${mixB.wishlists} wishlists with ${mixB.wishlistItems} ` +
      `items, ${mixB.drafts} drafts`,
  );
  for (const member of members) {
    const writeStarted = performance.now();
    const owner = { id: member.userId, tagname: `member-${member.label.toLowerCase()}` };
    const written = await write(
      running,
      member.userId,
      memberDocs(owner, mixes[member.label], member.label.toLowerCase()),
      total(mixes[member.label]),
      `member ${member.label}`,
    );
    member.documents = await docCount(running, member.userId);
    member.busiest = conversationIdFor(
      member.userId,
      `bench-${member.label.toLowerCase()}-other-0`,
    );
    console.log(
      `${NAME}: member ${member.label}: ${written} documents written in ` +
        `${seconds(performance.now() - writeStarted)}; ${member.documents} in the database ` +
        `(with what registration wrote; design documents not counted)`,
    );
  }
  const [a, b] = members as [Member, Member];

  // The first request of each route, A's then B's: what a view read waits for its index.
  console.log(`${NAME}: first requests (load average ${loadAverage()})…`);
  const firsts: FirstRequest[] = [];
  for (const member of members)
    for (const route of ROUTES) firsts.push(await firstRequest(apiUrl, route, member));

  // BENCH_COUCH_URL: every view built and both members' databases compacted before measuring.
  await settleDatabase(NAME, {
    compact: members.map((m) => userDbName(running.deps.couch, m.userId)),
    limitMs: prepLimitMs,
  });

  // A fresh token each (an access token lasts an hour; writing and indexing may take long).
  for (const member of members) member.token = (await loginUser(apiUrl, member.email)).token;

  console.log(
    `${NAME}: ${ROUTES.length} routes x 2 members at ${connectionCounts.join(' and ')} ` +
      `connection(s), ${warmupSeconds} s warm-up + ${durationSeconds} s each ` +
      `(load average ${loadAverage()})`,
  );
  const rows: Row[] = [];
  const snapshotMs = running.deps.env.USERDB_SNAPSHOT_MS;
  for (const conns of connectionCounts)
    for (const route of ROUTES) {
      for (const everyTime of route.snapshot ? [false, true] : [false]) {
        const name = everyTime ? `${route.name}${EVERY_TIME}` : route.name;
        // The API runs in this process: its setting is changed for these rows only.
        running.deps.env.USERDB_SNAPSHOT_MS = everyTime ? 0 : snapshotMs;
        const run = (member: Member) =>
          measure(`${name} ${member.label} (${conns})`, {
            url: `${apiUrl}${route.path(member)}`,
            headers: { authorization: `Bearer ${member.token}` },
            connections: conns,
            durationSeconds,
            warmupSeconds,
          });
        rows.push({ route: name, connections: conns, a: await run(a), b: await run(b) });
      }
      running.deps.env.USERDB_SNAPSHOT_MS = snapshotMs;
    }

  // Tables.
  const firstOf = (route: string, member: Member['label']) =>
    firsts.find((f) => f.route === route && f.member === member)!;
  console.log(
    `\n${NAME}: first request of each route (B's first view read builds that view's index ` +
      `over its ${b.documents} documents; not in the figures below)\n`,
  );
  console.log(
    formatColumns(
      ['route', 'A ms', 'B ms', 'A bytes', 'B bytes', 'status A/B'],
      ROUTES.map(({ name }) => {
        const [fa, fb] = [firstOf(name, 'A'), firstOf(name, 'B')];
        return [
          name,
          fa.ms.toFixed(1),
          fb.ms.toFixed(1),
          String(fa.bytes),
          String(fb.bytes),
          `${fa.status}/${fb.status}`,
        ];
      }),
    ),
  );
  const slowFirst = firsts.filter((f) => f.ms > DEFAULT_COUCH_TIMEOUTS.viewTimeoutMs);
  for (const f of slowFirst) {
    console.log(
      `  ${f.route} (${f.member}) took longer than the API's default view limit ` +
        `(${DEFAULT_COUCH_TIMEOUTS.viewTimeoutMs / 1000} s, raised here): with the defaults it ` +
        `would have answered 503 while the index was built`,
    );
  }

  console.log(
    `\n${NAME}: A has ${a.documents} documents (baseline), B ${b.documents}; ` +
      `ms (autocannon: whole ms, truncated), B/A above 1 is slower (load average ${loadAverage()})\n`,
  );
  console.log(
    formatColumns(
      [
        'route',
        'conns',
        'A p50',
        'A p99',
        'B p50',
        'B p99',
        'p50 B/A',
        'p99 B/A',
        'A req/s',
        'B req/s',
        'failed',
      ],
      rows.map((r) => [
        r.route,
        String(r.connections),
        shownMs(r.a, 'p50_ms'),
        shownMs(r.a, 'p99_ms'),
        shownMs(r.b, 'p50_ms'),
        shownMs(r.b, 'p99_ms'),
        formatRatio(ratioOf(r, 'p50_ms')),
        formatRatio(ratioOf(r, 'p99_ms')),
        r.a.requests_per_sec.toFixed(0),
        r.b.requests_per_sec.toFixed(0),
        String(r.a.errors + r.a.non2xx + r.b.errors + r.b.non2xx),
      ]),
      2,
    ),
  );

  const targets = rows
    .filter((r) => r.route === MAIN_ROUTE || r.route === `${MAIN_ROUTE}${EVERY_TIME}`)
    .map((r) => {
      const p99Ratio = ratioOf(r, 'p99_ms');
      return {
        route: r.route,
        connections: r.connections,
        p99_ratio: p99Ratio ?? null,
        verdict: p99Ratio === undefined ? 'not measured' : p99Ratio <= TARGET ? 'met' : 'MISSED',
      };
    });
  const sizeNote = userDocs === 100_000 ? '' : ` (the target is stated for 100000)`;
  console.log('');
  for (const t of targets) {
    console.log(
      `${NAME}: ${t.route} p99 with ${b.documents} documents / with ${a.documents}${sizeNote}, ` +
        `${t.connections} connection(s): ${formatRatio(t.p99_ratio ?? undefined)} ` +
        `(target within ${TARGET}x): ${t.verdict}`,
    );
  }

  const failures = [
    ...firsts
      .filter((f) => f.status < 200 || f.status > 299)
      .map((f) => `the first ${f.route} (${f.member}) answered ${f.status}`),
    ...rows.flatMap((r) =>
      [r.a, r.b]
        .filter((m) => m.errors > 0 || m.non2xx > 0 || m.total === 0)
        .map((m) =>
          m.total === 0
            ? `${m.name}: no request answered within the run (${m.errors} errors)`
            : `${m.name}: ${m.errors} errors, ${m.non2xx} non-2xx answers`,
        ),
    ),
  ];

  await saveResults(NAME, {
    benchmark: NAME,
    baseline: 'member A',
    settings: { userDocs, durationSeconds, connections: connectionCounts, warmupSeconds },
    members: members.map((m) => ({ label: m.label, documents: m.documents, mix: mixes[m.label] })),
    first_requests: firsts,
    rows: rows.map((r) => ({
      route: r.route,
      connections: r.connections,
      a: r.a,
      b: r.b,
      p50_ratio: ratio(r.b.p50_ms, r.a.p50_ms) ?? null,
      p99_ratio: ratio(r.b.p99_ms, r.a.p99_ms) ?? null,
    })),
    target: { route: MAIN_ROUTE, within: TARGET, results: targets },
    failures,
  });
  for (const failure of failures) console.error(`${NAME}: ${failure}`);
  return failures.length ? 1 : 0;
}

await finish(main);
