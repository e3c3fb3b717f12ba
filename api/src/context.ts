import type { Env } from './config/env';
import type { Couch } from './couch/connect';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail/mailer';
import type { RateLimits } from './lib/rate-limit';
import type { JobRunner } from './jobs/jobs';
import type { LiveSessions } from './auth/live-sessions';
import type { SessionDoc } from './auth/sessions';
import type { UserDoc } from './routes/users/users.model';
import type { Clock } from './lib/clock';
import type { PlatformHeaders } from './lib/platform-headers';
import type { PaymentProvider } from './routes/orders/payments';

/** What every route gets: built once at start-up, passed to createApp. */
export interface AppDeps {
  env: Env;
  paths: { dataDir: string; couchDir: string; mailDir: string; webDist: string };
  couch: Couch;
  logger: Logger;
  /** HMAC key for session tokens (lib/secrets.ts). */
  jwtSecret: Uint8Array;
  version: string;
  startedAt: number;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** Durable work between users (message delivery, read receipts). */
  jobs: JobRunner;
  /** This instance's sync session cache and open gateway feeds; revocations go through it. */
  liveSessions: LiveSessions;
  /** The one source of "now" for orders, timers and the ledger (lib/clock.ts). */
  clock: Clock;
  /** The order timers once started (server.ts): `sweep()` runs them now (the test clock). */
  orderTimers?: { sweep(): Promise<void> };
  /** Where card payments go (routes/orders/payments.ts; the sandbox by default). */
  payments: PaymentProvider;
  /** The address people use to reach the app (PUBLIC_URL, else the address it listens on). */
  publicUrl(): string;
}

/** The signed-in caller, set by the auth middleware. */
export interface AuthContext {
  user: UserDoc;
  session: SessionDoc;
  sessionId: string;
  /** LiveSessions.mark() taken before the session was read (auth/live-sessions.ts). */
  mark: number;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    auth: AuthContext | undefined;
    /** The platform middleware's headers for this request (lib/platform-headers.ts). */
    platformHeaders: PlatformHeaders | undefined;
  };
};
