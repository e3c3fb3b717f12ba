import type { Logger } from './logger';

/**
 * Runs work the answer must not wait for (it would tell, by taking longer, something the answer
 * keeps to itself): a failure is logged, never thrown at anyone.
 */
export function inBackground(logger: Logger, what: string, work: () => Promise<unknown>): void {
  void Promise.resolve()
    .then(work)
    .catch((error: unknown) => logger.error({ err: error }, `${what} failed`));
}
