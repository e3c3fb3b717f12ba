import type { Env } from '../config/env';

/**
 * A crash the fault tests cause on purpose: where TEST_FAULT (tests only, refused in production)
 * names this point, the process kills itself here (SIGKILL, as a crash would: no clean-up runs)
 * and the promise never settles. Elsewhere it returns at once.
 */
export async function faultPoint(
  env: Pick<Env, 'TEST_FAULT'>,
  point: NonNullable<Env['TEST_FAULT']>,
): Promise<void> {
  if (env.TEST_FAULT !== point) return;
  process.kill(process.pid, 'SIGKILL');
  await new Promise(() => undefined); // the process is going away
}
