import { mkdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { bootstrapServer, ensureGatewayAccount } from '@wayfarer/couch';
import { deployServerDesign, type StagedDesign } from '@wayfarer/design-docs';
import { createApp, type App } from './app';
import { repoRoot, resolvePaths, type Env } from './config/env';
import { connectCouch, type Couch } from './couch/connect';
import { swapDesignInBackground, type DesignSwap } from './couch/design-swap';
import type { AppDeps } from './context';
import { createLogger, type Logger } from './lib/logger';
import { configurePasswordHashing } from './lib/password';
import { gatewayPassword, loadJwtSecret } from './lib/secrets';
import { createRateLimits } from './lib/rate-limit';
import { createMailer } from './mail/mailer';
import { JobRunner } from './jobs/jobs';
import { jobBatchHandlers, jobHandlers } from './jobs/handlers';
import { createMaintenance } from './jobs/housekeeping';
import type { Maintenance } from './jobs/maintenance';
import { ManualClock, systemClock, type Clock } from './lib/clock';
import { SandboxPaymentProvider } from './routes/orders/payments';
import { startOrderTimers, type OrderTimers } from './routes/orders/order-followup';
import { flushGigViews } from './routes/gigs/gig-stats.service';
import { flushCheckpoints } from './routes/sync/gateway';
import { ensureConfiguredAdmin, seedDemoData } from './seed/seed';
import { LiveSessions } from './auth/live-sessions';
import { followRevocations, type RevocationFollower } from './auth/revocation-follower';
import { AppError } from './lib/errors';

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  deps: AppDeps;
  seeded: boolean;
  /** Upkeep at start and every MAINTENANCE_INTERVAL_MINUTES (jobs/housekeeping.ts). */
  maintenance: Maintenance;
  /** Order timers and follow-ups (routes/orders/order-followup.ts); `sweep()` runs one now. */
  orderTimers: OrderTimers;
  /** Design documents whose views changed, put live once built (couch/design-swap.ts). */
  designSwap: DesignSwap;
  /** Stops accepting, lets in-flight requests finish (up to graceMs), then stops the database. */
  close(graceMs?: number): Promise<void>;
}

async function readVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(repoRoot(), 'api', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * Server databases with their `_security`, the sync gateway's account, then the design
 * documents that changed: new ones and those whose views did not change are written live; those
 * whose views changed are only staged (the result's `staged`), for the caller to swap in once
 * built. Idempotent.
 */
export async function prepareSchema(couch: Couch, logger: Logger, jwtSecret: Uint8Array) {
  const created = await bootstrapServer(couch.server, couch.databases);
  await ensureGatewayAccount(
    couch.server,
    couch.origin,
    gatewayPassword(jwtSecret),
    couch.gatewayUser,
    couch.timeouts.timeoutMs,
  );
  if (created.length) logger.info({ databases: created }, 'databases created or secured');
  const design = await deployServerDesign(couch.server, couch.databases);
  for (const id of design.pushed) logger.info({ ddoc: id }, 'design document pushed');
  logger.debug({ unchanged: design.unchanged.length }, 'design documents unchanged');
  return design;
}

/** Prepares the database side: schema, the configured admin, the demo data on first start. */
async function prepareDatabase(
  couch: Couch,
  env: Env,
  logger: Logger,
  jwtSecret: Uint8Array,
): Promise<{ seeded: boolean; staged: StagedDesign[] }> {
  const { staged } = await prepareSchema(couch, logger, jwtSecret);
  await ensureConfiguredAdmin(couch, logger, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  const seeded = env.SEED_DEMO
    ? await seedDemoData(couch, logger, { gigs: env.SEED_DEMO_GIGS, env })
    : false;
  return { seeded, staged };
}

export async function startServer(
  env: Env,
  logger = createLogger(env),
  options: { clock?: Clock } = {},
): Promise<RunningServer> {
  configurePasswordHashing({
    concurrency: env.PASSWORD_HASH_CONCURRENCY,
    maxQueue: env.PASSWORD_HASH_QUEUE,
    maxWaitMs: env.PASSWORD_HASH_WAIT_MS,
  });
  const paths = resolvePaths(env);
  await mkdir(paths.couchDir, { recursive: true });
  const couch = await connectCouch(
    {
      couchUrl: env.COUCH_URL,
      couchDir: paths.couchDir,
      dbPrefix: env.COUCH_DB_PREFIX,
      timeouts: { timeoutMs: env.COUCH_TIMEOUT_MS, viewTimeoutMs: env.COUCH_VIEW_TIMEOUT_MS },
      health: {
        intervalMs: env.COUCH_HEALTH_INTERVAL_MS,
        failures: env.COUCH_HEALTH_FAILURES,
        timeoutMs: env.COUCH_HEALTH_TIMEOUT_MS,
        busyLimitMs: env.COUCH_HEALTH_BUSY_LIMIT_MS,
      },
      maxDbsOpen: env.COUCH_MAX_DBS_OPEN,
      fileLimit: env.COUCH_FILE_LIMIT,
    },
    logger,
  );
  let server: ServerType | undefined;
  let follower: RevocationFollower | undefined;
  let designSwap: DesignSwap | undefined;
  try {
    const jwtSecret = await loadJwtSecret(env.JWT_SECRET, paths.dataDir);
    const { seeded, staged } = await prepareDatabase(couch, env, logger, jwtSecret);
    // Minutes on a large database: the API serves meanwhile, from the views' current versions.
    designSwap = swapDesignInBackground(couch, staged, logger);
    const swap = designSwap;
    let listeningUrl = `http://localhost:${env.PORT}`;
    const clock = options.clock ?? (env.TEST_CLOCK ? new ManualClock() : systemClock);
    const deps: AppDeps = {
      env,
      paths,
      couch,
      logger,
      jwtSecret,
      version: await readVersion(),
      startedAt: Date.now(),
      mailer: createMailer(
        { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, mailDir: paths.mailDir },
        logger,
      ),
      jobs: new JobRunner(
        couch,
        logger,
        jobHandlers({ couch, logger, clock, orders: () => deps }),
        jobBatchHandlers({ couch, logger, clock, orders: () => deps }),
      ),
      clock,
      payments: new SandboxPaymentProvider(couch, () => clock.now()),
      rateLimits: createRateLimits({
        perAddress: env.RATE_LIMIT_PER_ADDRESS,
        perIp: env.RATE_LIMIT_PER_IP,
      }),
      liveSessions: new LiveSessions(),
      publicUrl: () => (env.PUBLIC_URL ?? listeningUrl).replace(/\/$/, ''),
    };
    const app = createApp(deps);
    // Revocations made by other instances reach this one through the wf_users change feed.
    follower = followRevocations(couch, deps.liveSessions, logger);
    const following = follower;
    await Promise.race([
      following.ready,
      new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
    const resumed = await deps.jobs.resume();
    if (resumed) logger.info({ jobs: resumed }, 'resuming recorded jobs');
    const port = await new Promise<number>((resolve, reject) => {
      server = serve(
        { fetch: app.fetch, port: env.PORT, hostname: env.HOST },
        (info: AddressInfo) => resolve(info.port),
      );
      server.once('error', reject);
    });
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
    const url = `http://${host}:${port}`;
    listeningUrl = url;
    const httpServer = server!;
    const maintenance = createMaintenance(deps, {
      intervalMs: env.MAINTENANCE_INTERVAL_MINUTES * 60_000,
    });
    maintenance.start();
    const orderTimers = startOrderTimers(deps, env.ORDER_TIMER_INTERVAL_SECONDS * 1000);
    deps.orderTimers = orderTimers;
    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      app,
      deps,
      seeded,
      maintenance,
      orderTimers,
      designSwap: swap,
      close(graceMs = 10_000) {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            const force = setTimeout(() => {
              logger.warn('closing the connections still open after the grace period');
              (
                httpServer as unknown as { closeAllConnections?: () => void }
              ).closeAllConnections?.();
            }, graceMs);
            force.unref();
            httpServer.close(() => {
              clearTimeout(force);
              resolve();
            });
            (
              httpServer as unknown as { closeIdleConnections?: () => void }
            ).closeIdleConnections?.();
            // Open sync feeds would hold the close until the grace period: clients reconnect.
            deps.liveSessions.closeAll(
              new AppError(503, 'The server is restarting. Please try again shortly.'),
            );
          });
          await following.stop();
          await flushCheckpoints(deps).catch((error: unknown) =>
            logger.warn({ err: error }, 'the last sync checkpoints could not be written'),
          );
          await flushGigViews(deps).catch((error: unknown) =>
            logger.warn({ err: error }, 'the last gig views could not be written'),
          );
          deps.jobs.stop();
          await orderTimers.stop();
          await maintenance.stop();
          await swap.stop();
          await couch.stop();
        })();
        return closing;
      },
    };
  } catch (error) {
    server?.close();
    await follower?.stop();
    await designSwap?.stop();
    await couch.stop();
    throw error;
  }
}
