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
 * and BENCH_LQ_NOTIFICATIONS notifications (2,000, one in three unread). The indexes and the
 * local view are built once (the time is printed: a device pays it once, at the first query
 * after the update).
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
 *   unread             Mark all read: the unread notifications in full, before every
 *                      notification read and filtered; now one range of the local view
 *                      `view-notification-unread` (web/src/lib/local-views.ts), whose rows are
 *                      the documents.
 *   unread by find     (information) the way the view replaced: one `find` through the
 *                      unread index, which then reads each document by id.
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
 *
 * This file runs the steps; local-queries/scenario.ts has the settings, the data, the two ways of
 * each query and the timed pairs, local-queries/report.ts the table and the results file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { report } from './local-queries/report';
import {
  CONVERSATIONS,
  MESSAGES,
  NAME,
  NOTIFICATIONS,
  PEOPLE_WAITING,
  RUNS,
  buildIndexes,
  fill,
  openDevice,
  runPairs,
  type Db,
} from './local-queries/scenario';

const watchdog = setTimeout(() => {
  console.error(`${NAME}: still running after 10 minutes, stopped.`);
  process.exit(1);
}, 600_000);
watchdog.unref();

const dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-bench-local-'));
let db: Db | undefined;
let exitCode: number;
try {
  db = openDevice(dir);
  console.log(
    `${NAME}: ${MESSAGES} messages over ${CONVERSATIONS} conversations, ` +
      `${PEOPLE_WAITING * 2} not delivered, ${NOTIFICATIONS} notifications; ${RUNS} runs a pair ` +
      `(load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores)`,
  );
  await fill(db);
  const builds = await buildIndexes(db);
  const pairs = await runPairs(db);
  exitCode = await report(builds, pairs);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await db?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
  clearTimeout(watchdog);
}
process.exit(exitCode);
