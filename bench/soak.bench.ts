/**
 * Soak: does the API hold up under a steady mixed load for minutes on end, or do its database
 * server's descriptors, its memory or its latencies creep up (issue 24)?
 *
 * Starts, in this process, the real API (`startServer`, embedded database on a fresh temporary
 * data directory, demo members without demo gigs, logging off, `NODE_ENV=production`, rate
 * limits off, the database server keeping at most BENCH_SOAK_MAX_DBS_OPEN databases open),
 * makes 24 gigs of the demo agent and registers (tagname, verified address) more members than
 * that cap, so the server is at its steady state of open databases before the clock starts. Then,
 * for BENCH_SOAK_MINUTES, an open loop: BENCH_SOAK_RPS requests a second at fixed times, none
 * waiting for another, at most BENCH_SOAK_MAX_IN_FLIGHT in flight. BENCH_SOAK_SIGNUPS members
 * sign up spread evenly over the run (`POST /api/register`, `PUT /api/user/tagname`,
 * `POST /api/email/verify/{id}` with the mailed link, one tick each) and then take part; the
 * other ticks draw from a fixed mix: gig searches (`GET /api/gigs` with q, service and sort),
 * gig pages, `GET /api/user`, the inbox list, messages between members
 * (`POST /api/inbox/messages`), sync reads through the gateway (`_changes?since=` the member's
 * last seq, `_all_docs` of the member's own database) and logins.
 *
 * As the load starts and every BENCH_SOAK_SAMPLE_SECONDS (15) it samples this process's memory
 * (rss, heapUsed: the API, with the load generator beside it), the database server's VmRSS and
 * open descriptors (from /proc/<pid>, the pid from the running server) and each route's p50 /
 * p99 since the previous sample, and prints a line. At the end: a table per route, the
 * processes at the start and over the first and last quarter, after the drain, after
 * BENCH_SOAK_IDLE_SECONDS without requests, and after a forced garbage collection of this
 * process. The baseline is the run's own first quarter (the descriptor rule needs two samples
 * in each quarter: 5 s samples for a one-minute run).
 *
 * Run:    npm run bench -- soak
 *    or:  npx tsx bench/soak.bench.ts
 * Quick:  BENCH_SOAK_MINUTES=1 BENCH_SOAK_SIGNUPS=20 BENCH_SOAK_RPS=15 BENCH_SOAK_SAMPLE_SECONDS=5
 *         npx tsx bench/soak.bench.ts
 * Options (environment): BENCH_SOAK_MINUTES (10), BENCH_SOAK_RPS (40), BENCH_SOAK_SIGNUPS (500),
 * BENCH_SOAK_MAX_IN_FLIGHT (64), BENCH_SOAK_SAMPLE_SECONDS (15), BENCH_SOAK_IDLE_SECONDS (30),
 * BENCH_SOAK_MAX_DBS_OPEN (128), BENCH_SOAK_FD_MARGIN (20), BENCH_SOAK_P99_FLOOR_MS (10),
 * BENCH_SOAK_SEED (1). PASSWORD_HASH_* apply when set (else a queue of 64 and a 20 s wait: see
 * soak/scenario.ts, HASHING_ENV).
 * Exits 1 (the rules, bench/README.md): a request failed (an error, no answer within 30 s, or
 * any status but the route's own: no non-2xx answer is expected); a tick was skipped at the
 * in-flight bound; a sign-up did not complete; the database server restarted; its descriptors
 * rose (the last quarter's fewest above the first quarter's most by more than
 * max(BENCH_SOAK_FD_MARGIN, 10 %)); a route with at least 100 requests in each of the two
 * quarters has a last-quarter p99 more than twice its first-quarter p99 (and more than
 * BENCH_SOAK_P99_FLOOR_MS above it). Memory is reported, not judged.
 *
 * This file runs the steps; soak/scenario.ts has the settings, the set-up, the load and the
 * samples, soak/report.ts the rules, the tables and the results file.
 */
import { formatSample, printStart, report } from './soak/report';
import { run, runLoad, setUp, timeLimitMs } from './soak/scenario';

run.guard(timeLimitMs());

async function main(): Promise<number> {
  const setup = await setUp();
  printStart(setup.gigIds.length, setup.loadAtStart);
  const result = await runLoad(setup, (sample) => console.log(formatSample(sample)));
  return report(result, setup.gigIds.length);
}

await run.finish(main);
