/**
 * `npm run ddocs:push`: pushes the design documents that changed to the server databases, using
 * COUCH_URL, or the embedded server of a running API on DATA_DIR (started here if none runs).
 */
import { bootstrapServer } from '@wayfarer/couch';
import { deployServerDesign } from '@wayfarer/design-docs';
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
    console.log(`${result.pushed.length} pushed, ${result.unchanged.length} unchanged.`);
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
