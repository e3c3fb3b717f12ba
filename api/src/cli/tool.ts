/**
 * What the maintenance commands (`ledger:check`, `standings:repair`) share: the configured
 * database (COUCH_URL, or the embedded server of DATA_DIR: a running API's, or one started for
 * the command), how it is named in messages, a 404 read as "the API never started on it", the
 * connection closed at the end, and the exit code (the command's; 1 on failure, with its name).
 */
import { EnvError, parseEnv, resolvePaths, type Env } from '../config/env';
import { connectForTool } from '../couch/connect';
import { isNotFound } from '../couch/errors';
import { createLogger } from '../lib/logger';

type Couch = Awaited<ReturnType<typeof connectForTool>>;

export function runTool(
  name: string,
  /** The database the command needs, for the 404 message ("market", "projects"). */
  needs: string,
  body: (tool: { couch: Couch; env: Env; target: string }) => Promise<number>,
): void {
  const run = async () => {
    const env = parseEnv();
    const paths = resolvePaths(env);
    const logger = createLogger({ ...env, LOG_LEVEL: 'warn' });
    const couch = await connectForTool(
      { couchUrl: env.COUCH_URL, couchDir: paths.couchDir, dbPrefix: env.COUCH_DB_PREFIX },
      logger,
    );
    const target = env.COUCH_URL
      ? `${couch.origin}/${couch.name(`wf_${needs}`)}`
      : `the embedded database in ${paths.couchDir}`;
    try {
      return await body({ couch, env, target }).catch((error: unknown) => {
        if (isNotFound(error))
          throw new Error(
            `${target} has no ${needs} database or views: has the API started on it?`,
            { cause: error },
          );
        throw error;
      });
    } finally {
      await couch.stop();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        error instanceof EnvError ? error.message : `${name} failed: ${(error as Error).message}`,
      );
      process.exit(1);
    },
  );
}
