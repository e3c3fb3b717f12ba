/**
 * `npm run ddocs:push`: pushes the design documents that changed to the server databases, using
 * COUCH_URL, or the embedded server of a running API on DATA_DIR (started here if none runs).
 * A document whose views changed is staged, built, then swapped in (design-docs stage.ts): this
 * waits for that, which on a large database takes minutes; interrupted, it leaves the staged
 * documents for the next push or API start to finish.
 */
import { bootstrapServer } from '@wayfarer/couch';
import { deployServerDesign, swapStaged } from '@wayfarer/design-docs';
import { parseEnv, resolvePaths, EnvError } from '../config/env';
import { connectForTool } from '../couch/connect';
import { createLogger } from '../lib/logger';

async function main() {
  const env = parseEnv();
  const paths = resolvePaths(env);
  const logger = createLogger({
    ...env,
    LOG_LEVEL: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL,
  });
  const couch = await connectForTool(
    { couchUrl: env.COUCH_URL, couchDir: paths.couchDir, dbPrefix: env.COUCH_DB_PREFIX },
    logger,
  );
  try {
    await bootstrapServer(couch.server, couch.databases);
    const result = await deployServerDesign(couch.server, couch.databases);
    for (const id of result.pushed) console.log(`pushed     ${id}`);
    for (const { dbName, doc } of result.staged) console.log(`staged     ${dbName}/${doc._id}`);
    console.log(
      `${result.pushed.length} pushed, ${result.staged.length} staged, ${result.unchanged.length} unchanged.`,
    );
    if (result.staged.length) {
      console.log('Building the staged views; the current versions answer meanwhile...');
      const abort = new AbortController();
      process.once('SIGINT', () => abort.abort());
      const swap = await swapStaged(couch.server, result.staged, { signal: abort.signal });
      for (const id of swap.swapped) console.log(`swapped in ${id}`);
      for (const { label, error } of swap.failed) {
        console.error(`left staged ${label}: ${(error as Error).message}`);
      }
      if (swap.cleanupError) {
        console.error(`removing old view indexes failed: ${(swap.cleanupError as Error).message}`);
      }
      if (swap.failed.length) process.exitCode = 1;
    }
  } finally {
    await couch.stop();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof EnvError ? error.message : `ddocs:push failed: ${(error as Error).message}`,
  );
  process.exit(1);
});
