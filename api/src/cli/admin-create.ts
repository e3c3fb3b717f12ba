/**
 * `npm run admin:create -- --email EMAIL [--password PASSWORD] [--name "Full Name"]`
 * Creates an admin, or promotes the existing account with that email to Admin. Without
 * --password the password is read from ADMIN_PASSWORD or asked for on the terminal.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EnvError, parseEnv, resolvePaths } from '../config/env';
import { connectForTool } from '../couch/connect';
import { createLogger } from '../lib/logger';
import { loadJwtSecret } from '../lib/secrets';
import { prepareSchema } from '../server';
import { createUser, findUserByEmail, promoteToAdmin } from '../routes/users/users.service';

const USAGE =
  'Usage: npm run admin:create -- --email EMAIL [--password PASSWORD] [--name "Full Name"]';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const env = parseEnv();
  const email = z.email().safeParse(values.email ?? env.ADMIN_EMAIL);
  if (!email.success) throw new Error(`A valid --email is required.\n${USAGE}`);
  const paths = resolvePaths(env);
  const logger = createLogger({ ...env, LOG_LEVEL: 'warn' });
  const couch = await connectForTool(
    { couchUrl: env.COUCH_URL, couchDir: paths.couchDir, dbPrefix: env.COUCH_DB_PREFIX },
    logger,
  );
  try {
    // A design document whose views changed is only staged here: the API's next start (or
    // `npm run ddocs:push`) builds it and swaps it in.
    await prepareSchema(couch, logger, await loadJwtSecret(env.JWT_SECRET, paths.dataDir));
    const existing = await findUserByEmail(couch, email.data);
    if (existing) {
      if (existing.role === 'Admin') {
        console.log(`${existing.email} is already an admin.`);
        return;
      }
      await promoteToAdmin(couch, existing.id);
      console.log(
        `${existing.email} was a ${existing.role}; now an Admin. Their other sessions were signed out.`,
      );
      return;
    }
    let password = values.password ?? env.ADMIN_PASSWORD;
    if (!password && process.stdin.isTTY) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      password = await rl.question('Password for the new admin (8 characters or more): ');
      rl.close();
    }
    if (!password || password.length < 8)
      throw new Error(`A password of at least 8 characters is required.\n${USAGE}`);
    const user = await createUser(couch, {
      email: email.data,
      password,
      role: 'Admin',
      full_name: values.name ?? 'Administrator',
      email_verified: true,
    });
    console.log(`Admin ${user.email} created.`);
  } finally {
    await couch.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : (error as Error).message);
  process.exit(1);
});
