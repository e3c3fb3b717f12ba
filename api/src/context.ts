import type { Env } from './config/env';
import type { Couch } from './couch/connect';
import type { Logger } from './lib/logger';

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
}

export type AppEnv = {
  Variables: {
    requestId: string;
  };
};
