/**
 * `npm start`: builds the web app when it is missing or older than its sources, then runs the
 * API (with the embedded database server unless COUCH_URL is set).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { EnvError, parseEnv, repoRoot, resolvePaths } from '../config/env';
import { createLogger } from '../lib/logger';
import { guardProcess } from '../lib/process-guards';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_USERS } from '../seed/seed';
import { startServer } from '../server';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

function buildWebIfStale(webDist: string) {
  const web = path.join(repoRoot(), 'web');
  const built = path.join(webDist, 'index.html');
  if (!existsSync(path.join(web, 'package.json'))) return; // a deployment image ships only dist
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    newestMtime(path.join(web, 'public')),
    newestMtime(path.join(web, 'index.html')),
    newestMtime(path.join(web, 'vite.config.ts')),
    newestMtime(path.join(repoRoot(), 'api', 'src', 'schemas')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the web app (its sources are newer than the last build)...');
  // Always a production build, whatever NODE_ENV the server itself runs with.
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: repoRoot(),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web app failed to build; see the output above.');
    process.exit(1);
  }
}

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const paths = resolvePaths(env);
  if (!env.WEB_DIST) buildWebIfStale(paths.webDist);
  const logger = createLogger(env);
  // A background task's stray rejection is logged and the API keeps running; an uncaught
  // exception ends the process (see lib/process-guards.ts for why).
  guardProcess(logger);
  const server = await startServer(env, logger);

  const logins = [DEMO_ADMIN, ...DEMO_USERS]
    .map((u) => `    ${u.role.padEnd(9)} ${u.email}`)
    .join('\n');
  console.log(
    [
      '',
      `  Wayfarer Market is running at ${server.url}`,
      `  Database: ${server.deps.couch.embedded ? `embedded (${paths.couchDir})` : 'CouchDB at COUCH_URL'}`,
      server.seeded ? '  Demo data: seeded on this first start.' : '',
      env.SEED_DEMO ? `  Demo logins (password "${DEMO_PASSWORD}"):\n${logins}` : '',
      '',
    ]
      .filter((line) => line !== '')
      .join('\n') + '\n',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(
    `Wayfarer Market could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
