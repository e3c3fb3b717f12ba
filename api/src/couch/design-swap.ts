import { swapStaged, type StagedDesign, type SwapResult } from '@wayfarer/design-docs';
import type { Logger } from '../lib/logger';
import type { Couch } from './connect';

export interface DesignSwap {
  /** Settles when every staged design document is live, or was left staged (logged). */
  done: Promise<SwapResult>;
  /** Stops waiting (at shutdown); the staged documents stay for the next start. */
  stop(): Promise<void>;
}

/**
 * Puts the server databases' staged design documents live in the background (design-docs
 * stage.ts): the API serves meanwhile, each changed view answering from its old index until the
 * new one is built, which on a large database takes minutes.
 */
export function swapDesignInBackground(
  couch: Couch,
  staged: StagedDesign[],
  logger: Logger,
): DesignSwap {
  const abort = new AbortController();
  for (const { dbName, doc } of staged) {
    logger.info(
      { ddoc: `${dbName}/${doc._id}` },
      'design document staged: its views are being built while the current version answers',
    );
  }
  const started = Date.now();
  const done = swapStaged(couch.server, staged, { signal: abort.signal }).then((result) => {
    for (const id of result.swapped) {
      logger.info({ ddoc: id, ms: Date.now() - started }, 'design document swapped in');
    }
    for (const { label, error } of result.failed) {
      if (abort.signal.aborted) {
        logger.info({ ddoc: label }, 'design document left staged at shutdown');
      } else {
        logger.error(
          { err: error, ddoc: label },
          'design document left staged: its current version keeps answering; the next start retries',
        );
      }
    }
    if (result.cleanupError) {
      logger.warn({ err: result.cleanupError }, 'removing the old view indexes failed');
    }
    return result;
  });
  return {
    done,
    async stop() {
      abort.abort();
      await done;
    },
  };
}
