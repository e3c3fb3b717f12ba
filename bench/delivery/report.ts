/**
 * The delivery benchmark's report (see ../delivery.bench.ts): latencies against the baseline, the
 * issue's targets, where the time goes, the load, and the results file with every message's
 * timestamps.
 */
import { cpus, loadavg } from 'node:os';
import {
  formatColumns,
  formatMs,
  formatRatio,
  ratio,
  type Summary,
  saveResults,
} from '../lib/harness';
import { CLIENT_BATCH_SIZE } from '../lib/pouch-clients';
import { dbFigure } from '../lib/couch-target';
import {
  ARRIVAL_LIMIT_MS,
  INTERVAL_MS,
  NAME,
  conversationCount,
  messageCount,
  seed,
  type PhaseResult,
  type Phases,
} from './scenario';
import { BASELINE, jobTimes, perfTimeOf, pushTimes, tracked, type PhaseName } from './tracking';

const TARGET_P50_MS = 250;
const TARGET_P99_MS = 1000;

/**
 * Every message's timestamps (ms on this process's clock, rounded to 0.1 ms), for a closer
 * look than the summaries: sent, push request out and answered, job recorded, job start and end,
 * the recipient copy's sent_at, arrival in the recipient's local database.
 */
function timeline() {
  const at = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);
  return [...tracked].map(([id, m]) => {
    const push = pushTimes.get(`message:${id}`);
    const job = jobTimes.get(id);
    return {
      id,
      phase: m.phase,
      conversation: m.conversation,
      seq: m.seq,
      sent: at(m.sentAt),
      send_done: at(m.sendDone),
      push_start: at(push?.start),
      push_answered: at(push?.answered),
      record_start: at(job?.recordStart),
      record_end: at(job?.recordEnd),
      job_start: at(job?.start),
      job_end: at(job?.end),
      copy_written: at(m.serverSentAt ? perfTimeOf(m.serverSentAt) : undefined),
      arrived: at(m.arrivedAt),
    };
  });
}

/** Prints the tables, writes the results file and lists the failed checks; the exit code. */
export async function report(loadAtStart: number, phases: Phases): Promise<number> {
  const { warmup, results, failures } = phases;
  const base = results.find((r) => r.phase === BASELINE)!;
  const offlineResult = results.find((r) => r.phase === 'offline send');
  const onlineResult = results.find((r) => r.phase === 'online POST');
  const label = (phase: PhaseName) => (phase === BASELINE ? `${phase} (baseline)` : phase);
  const describe: Record<PhaseName, string> = {
    'warm-up': '',
    'server write': 'admin write -> live pull',
    'offline send': 'local write -> push -> job -> pull',
    'online POST': 'POST -> job -> pull',
  };

  console.log(
    `\nDelivery latency: ${conversationCount} conversations at once, ${messageCount} messages ` +
      `each, one every ${INTERVAL_MS} ms per conversation; until the recipient's local copy\n`,
  );
  console.log(
    formatColumns(
      [
        'path',
        'what',
        'messages',
        'missing',
        'p50 ms',
        'p99 ms',
        'max ms',
        'p50 ratio',
        'p99 ratio',
        'max ratio',
      ],
      results.map((r) => [
        label(r.phase),
        describe[r.phase],
        String(r.messages),
        String(r.missing),
        formatMs(r.latency.p50_ms),
        formatMs(r.latency.p99_ms),
        formatMs(r.latency.max_ms),
        formatRatio(ratio(r.latency.p50_ms, base.latency.p50_ms)),
        formatRatio(ratio(r.latency.p99_ms, base.latency.p99_ms)),
        formatRatio(ratio(r.latency.max_ms, base.latency.max_ms)),
      ]),
    ),
  );
  // A phase with messages missing misses both targets, whatever the figures of those that came.
  const targets = (r: PhaseResult | undefined) =>
    r && {
      p50_met: r.missing === 0 && r.latency.p50_ms <= TARGET_P50_MS,
      p99_met: r.missing === 0 && r.latency.p99_ms <= TARGET_P99_MS,
    };
  const offlineTargets = targets(offlineResult);
  const onlineTargets = targets(onlineResult);
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const targetLine = (r: PhaseResult | undefined, t: ReturnType<typeof targets>, name: string) =>
    !r || !t
      ? `${name} not measured`
      : `${name} p50 ${formatMs(r.latency.p50_ms)} ms ${verdict(t.p50_met)}, ` +
        `p99 ${formatMs(r.latency.p99_ms)} ms ${verdict(t.p99_met)}` +
        (r.missing ? ` (${r.missing} messages missing)` : '');
  console.log(
    `\ntargets (p50 <= ${TARGET_P50_MS} ms, p99 <= ${TARGET_P99_MS} ms): ` +
      `${targetLine(offlineResult, offlineTargets, 'offline send')}; ` +
      `${targetLine(onlineResult, onlineTargets, 'online POST')}`,
  );

  console.log(`\nWhere the time goes, per message (p50 / p99 / max ms)\n`);
  const segmentNames = [...new Set(results.flatMap((r) => Object.keys(r.segments)))];
  const cell = (s: Summary | undefined) =>
    s ? `${formatMs(s.p50_ms)} / ${formatMs(s.p99_ms)} / ${formatMs(s.max_ms)}` : '-';
  console.log(
    formatColumns(
      ['segment', ...results.map((r) => r.phase)],
      [
        ...segmentNames.map((name) => [name, ...results.map((r) => cell(r.segments[name]))]),
        ['total (send -> local copy)', ...results.map((r) => cell(r.latency))],
      ],
    ),
  );
  console.log(
    '(send = just before the local write, the admin write or the POST; "recipient copy written" ' +
      "is the copy's sent_at, a wall-clock millisecond taken just before it is written)",
  );

  console.log(`\nLoad during each phase (first send to last arrival)\n`);
  const sumRequests = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  console.log(
    formatColumns(
      [
        'phase',
        'sent/s',
        'delivered/s',
        'window s',
        'cpu api+clients %',
        'of which clients %',
        'cpu db %',
        'loop delay p50 ms',
        'p99 ms',
        'max ms',
        'recipient req/msg',
        'sender req/msg',
        'retries',
        'db req/msg',
        'db req p50 ms',
        'db req p99 ms',
        'db cpu ms/req',
        'send call p50 ms',
      ],
      results.map((r) => [
        r.phase,
        Number.isFinite(r.sent_per_sec) ? r.sent_per_sec.toFixed(0) : '-',
        r.delivered_per_sec.toFixed(1),
        (r.window_ms / 1000).toFixed(1),
        r.cpu_self_pct.toFixed(0),
        dbFigure(r.cpu_clients_pct, (v) => v.toFixed(0)),
        dbFigure(r.cpu_database_pct, (v) => v.toFixed(0)),
        r.event_loop_delay_ms.p50.toFixed(1),
        r.event_loop_delay_ms.p99.toFixed(1),
        r.event_loop_delay_ms.max.toFixed(1),
        sumRequests(r.requests_per_message.recipients).toFixed(1),
        sumRequests(r.requests_per_message.senders).toFixed(1),
        String(r.replication_retries),
        r.database_requests_per_message.toFixed(1),
        r.database_request_ms ? formatMs(r.database_request_ms.p50_ms) : '-',
        r.database_request_ms ? formatMs(r.database_request_ms.p99_ms) : '-',
        dbFigure(r.database_cpu_ms_per_request, (v) => v.toFixed(2)),
        r.send_call ? formatMs(r.send_call.p50_ms) : '-',
      ]),
    ),
  );
  console.log(`(cpu: 100 % = one core; this machine has ${cpus().length})`);
  console.log(`\nRecipients' requests per message, by endpoint\n`);
  const endpoints = [
    ...new Set(results.flatMap((r) => Object.keys(r.requests_per_message.recipients))),
  ].sort();
  console.log(
    formatColumns(
      ['endpoint', ...results.map((r) => r.phase)],
      endpoints.map((e) => [
        e,
        ...results.map((r) => (r.requests_per_message.recipients[e] ?? 0).toFixed(2)),
      ]),
    ),
  );

  console.log(`\nThe API's requests to the database server per message, by endpoint\n`);
  const databaseEndpoints = [
    ...new Set(results.flatMap((r) => Object.keys(r.database_requests_by_endpoint))),
  ].sort();
  console.log(
    formatColumns(
      ['endpoint', ...results.map((r) => r.phase)],
      databaseEndpoints.map((e) => [
        e,
        ...results.map((r) => (r.database_requests_by_endpoint[e] ?? 0).toFixed(2)),
      ]),
    ),
  );

  await saveResults(NAME, {
    benchmark: NAME,
    baseline: BASELINE,
    load_average: { start: loadAtStart, end: loadavg()[0] },
    settings: {
      conversations: conversationCount,
      messages_per_conversation: messageCount,
      interval_ms: INTERVAL_MS,
      seed,
      batch_size: CLIENT_BATCH_SIZE,
      arrival_limit_ms: ARRIVAL_LIMIT_MS,
      email_verification: 'mailed link (GET /api/dev/mail, POST /api/email/verify/:id)',
    },
    warmup: { messages: warmup.messages, latency: warmup.latency },
    phases: results,
    ratios: Object.fromEntries(
      results.map((r) => [
        r.phase,
        {
          p50: ratio(r.latency.p50_ms, base.latency.p50_ms),
          p99: ratio(r.latency.p99_ms, base.latency.p99_ms),
          max: ratio(r.latency.max_ms, base.latency.max_ms),
        },
      ]),
    ),
    targets: {
      p50_ms: TARGET_P50_MS,
      p99_ms: TARGET_P99_MS,
      offline_send: offlineTargets,
      online_post: onlineTargets,
    },
    failures,
    timeline: timeline(),
  });
  if (failures.length) {
    console.error(`${NAME}: ${failures.length} check(s) failed:`);
    for (const f of failures.slice(0, 20)) console.error(`  ${f}`);
    return 1;
  }
  return 0;
}
