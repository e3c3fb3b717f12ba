/**
 * `npm run standings:repair`: recomputes every leaderboard standing (wf_projects
 * `standing:<expertise>:<user>`) of the configured database (COUCH_URL, or the embedded server of
 * DATA_DIR: a running API's, or one started for the repair) from the two point views, with
 * `repairStandings` (routes/leaderboard/standings.ts): each member and expertise with points gets
 * the true sum, each standing left at 0 points is deleted. Safe while the API runs (every write
 * is the same compare-and-set a refresh makes) and to run twice. Exits 0 when done, 1 on failure.
 */
import { EnvError, parseEnv, resolvePaths } from '../config/env';
import { connectForTool } from '../couch/connect';
import { systemClock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { repairStandings } from '../routes/leaderboard/standings';

async function main(): Promise<number> {
  const env = parseEnv();
  const paths = resolvePaths(env);
  const logger = createLogger({ ...env, LOG_LEVEL: 'warn' });
  const couch = await connectForTool(
    { couchUrl: env.COUCH_URL, couchDir: paths.couchDir, dbPrefix: env.COUCH_DB_PREFIX },
    logger,
  );
  try {
    const checked = await repairStandings({ couch, clock: systemClock });
    console.log(`Standings repaired: ${checked} member and expertise pairs checked.`);
    return 0;
  } finally {
    await couch.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof EnvError
        ? error.message
        : `standings:repair failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
