/**
 * Delivery: how long a message takes from the sender's device to the recipient's live-syncing
 * database, with BENCH_CONVERSATIONS (default 50) conversations at once, as ratios against pure
 * propagation to the same live-syncing clients, measured in the same run.
 *
 * Starts, in this process, the real API (`startServer`, embedded database on a fresh temporary
 * data directory, logging off, `NODE_ENV=test` so that `GET /api/dev/mail` is served, no demo
 * data), registers 2 x BENCH_CONVERSATIONS users through `POST /api/register`, gives each a
 * tagname (`PUT /api/user/tagname`) and verifies each email address the way a person does: the
 * link from the local outbox (`GET /api/dev/mail`) posted to `POST /api/email/verify/:id`.
 * Conversation n is sender n -> recipient n. Every recipient has a local PouchDB (LevelDB in a
 * temporary folder) in a live pull of their own database through the sync gateway (bearer
 * token, batch_size 500 as the web client), and a live local changes feed (include_docs)
 * records when each `message:*` document with status `delivered` arrives. Every sender has a
 * local PouchDB in a live push through the gateway. The clients (local databases, replications,
 * sends, arrivals) run in a worker thread of their own (delivery/clients.ts), as a load generator
 * should: on the API's event loop they took about a third of its time, and the benchmark measured
 * the two together. The clients keep their connections open as a browser does (at most six).
 *
 * Phases, each with every conversation at once, BENCH_MESSAGES messages per conversation, one
 * every BENCH_INTERVAL_MS (5 s: people typing; 10 messages a second over 50 conversations) per
 * conversation after a random offset (seeded, the same in every phase):
 *
 *   0. Warm-up: one message per conversation through the sending path (discarded): JIT,
 *      connections, and the conversation documents exist, as in a conversation under way.
 *   1. server write (the baseline): the server writes the recipient's copy (status delivered,
 *      the shape delivery writes) straight into the recipient's database with the admin
 *      connection. Latency = recipient's local copy - just before the write: pure propagation
 *      to a live-syncing client, without the sender's push and the delivery job.
 *   2. offline send: the sender writes the pending message (`{_id: 'message:<id>', type,
 *      id, to, body, created_at, status: 'pending'}`) into their local database; their live
 *      push carries it through the gateway, which records a delivery job; the job writes the
 *      recipient's copy; the recipient's live pull brings it. Latency = recipient's local copy
 *      - just before the sender's local write (both taken in the clients' thread).
 *   3. online POST: `POST /api/inbox/messages` with the sender's token (one at a time per
 *      sender: each waits for the answer). Latency = recipient's local copy - POST start.
 *
 * Every message must arrive within 60 s of the last send, exactly once (one change, revision 1),
 * and per conversation in the order sent; afterwards the recipients' databases on the server
 * must hold exactly the messages sent, every sender's copy must be delivered and no job left.
 * Reported: p50 / p99 / max (nearest rank) per phase and the ratios against the baseline; the
 * issue's targets (offline send p50 <= 250 ms, p99 <= 1000 ms; reported, not a failure); and a
 * profile: where each message's time goes (timestamps from the senders' requests, from the job
 * runner's `record` and the delivery handler wrapped in this process, and the recipient copy's
 * `sent_at`), the CPU use of this process (API and clients, and the clients' thread alone) and
 * of the database server, the event-loop delay of the API's thread, and the requests per message.
 *
 * Run:    npm run bench -- delivery
 *    or:  npx tsx bench/delivery.bench.ts
 * Options (environment): BENCH_MESSAGES messages per conversation and phase (default 10),
 * BENCH_CONVERSATIONS concurrent conversations (default 50), BENCH_INTERVAL_MS time between two
 * messages of one conversation (default 5000), BENCH_SEED for the send offsets (default 1).
 * Exits 1 on any failure: a refused request, a replication error, a message lost, duplicated,
 * out of order or late, a time limit passed.
 *
 * This file runs the steps; delivery/scenario.ts has the settings, the users and clients, the
 * ways of sending, the phases and the checks, delivery/report.ts the tables and the results file.
 */
import { report } from './delivery/report';
import { run, runPhases, startConversations, timeLimitMs } from './delivery/scenario';
import { watchServer } from './delivery/tracking';
import { settleDatabase } from './lib/couch-target';

run.guard(timeLimitMs());

async function main(): Promise<number> {
  const { pouchDir, loadAtStart, running, apiUrl } = await run.start({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    // Not production: GET /api/dev/mail (the local outbox) serves the verification links.
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_IP: '100000',
  });
  const couch = running.deps.couch;
  watchServer(running.deps.jobs, couch);
  const { conversations, clients } = await startConversations(apiUrl, pouchDir);
  await settleDatabase('delivery');
  const phases = await runPhases(
    couch,
    running.deps.jobs,
    conversations,
    clients,
    couch.embedded?.pid,
  );
  await clients.stop();
  return report(loadAtStart, phases);
}

await run.finish(main);
