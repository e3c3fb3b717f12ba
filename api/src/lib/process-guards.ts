import type { Logger } from './logger';

/**
 * What the process does with an error nobody handled (installed by `npm start`):
 *
 * - A rejected promise nobody awaited is logged loudly, as a bug, and the API keeps running.
 *   Node's default would end the process, and with it every other user's requests, the jobs
 *   under way and the embedded database server, for one background task's failure. A rejection
 *   unwinds nothing: it is an asynchronous operation whose failure went unobserved, the state
 *   shared by other requests is as consistent as it was before it.
 * - An exception thrown out of a callback (uncaughtException) is different: it unwound a stack
 *   at an unknown point, possibly half-way through changing shared state, and Node documents
 *   that resuming afterwards is unsafe. It is logged and the process exits with status 1, so
 *   the supervisor (Docker's restart policy, systemd) starts a clean one; recorded jobs resume
 *   at start and the embedded database server stops with its parent.
 */
export function guardProcess(
  logger: Logger,
  target: Pick<NodeJS.Process, 'on'> = process,
  exit: (code: number) => void = (code) => process.exit(code),
) {
  const onRejection = (reason: unknown) => {
    logger.error(
      { err: reason },
      'unhandled promise rejection (a bug: report it); the API keeps running',
    );
  };
  const onException = (error: Error, origin: string) => {
    logger.fatal({ err: error, origin }, 'uncaught exception; the API stops');
    exit(1);
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return { onRejection, onException };
}
