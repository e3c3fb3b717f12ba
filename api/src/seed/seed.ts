import { createHash } from 'node:crypto';
import type { Couch } from '../couch/connect';
import { isConflict, isNotFound } from '../couch/errors';
import type { Logger } from '../lib/logger';
import { createUser, findUserByEmail, countUsersWithRole } from '../routes/users/users.service';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_USERS, SERVICES, type DemoUser } from './demo-data';

const SEED_MARKER = 'seed:demo';
const SEED_VERSION = 1;

/** Stable ids for demo records, so a seed interrupted half-way can simply run again. */
const demoId = (key: string) =>
  createHash('sha256').update(`wayfarer-demo:${key}`).digest('hex').slice(0, 24);

async function insertIfMissing(couch: Couch, key: 'catalog' | 'content', doc: { _id: string }) {
  try {
    await couch.db(key).insert(doc as never);
    return true;
  } catch (error) {
    if (isConflict(error)) return false;
    throw error;
  }
}

export async function isSeeded(couch: Couch): Promise<boolean> {
  try {
    await couch.db('content').get(SEED_MARKER);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

async function ensureDemoUser(couch: Couch, user: DemoUser) {
  if (await findUserByEmail(couch, user.email)) return;
  await createUser(couch, {
    id: demoId(user.key),
    email: user.email,
    password: DEMO_PASSWORD,
    role: user.role,
    full_name: user.full_name,
    tagname: user.tagname,
    bio: user.bio,
    expertise: user.expertise,
    location: user.location,
    languages: user.languages,
    email_verified: true,
  });
}

/**
 * Seeds the demo data once per database: the eight services, an admin and a few people of each
 * role. A marker document records that it ran; a second start seeds nothing.
 * Returns whether it seeded.
 */
export async function seedDemoData(couch: Couch, logger: Logger): Promise<boolean> {
  if (await isSeeded(couch)) return false;
  const now = new Date().toISOString();
  for (const [position, service] of SERVICES.entries()) {
    await insertIfMissing(couch, 'catalog', {
      _id: `service:${service.id}`,
      type: 'service',
      name: service.name,
      description: service.description,
      icon: service.icon,
      status: 'active',
      position,
      created_by: demoId(DEMO_ADMIN.key),
      created_at: now,
      updated_at: now,
    } as never);
  }
  for (const user of [DEMO_ADMIN, ...DEMO_USERS]) await ensureDemoUser(couch, user);
  await insertIfMissing(couch, 'content', {
    _id: SEED_MARKER,
    type: 'seed',
    version: SEED_VERSION,
    seeded_at: now,
  } as never);
  logger.info({ services: SERVICES.length, users: DEMO_USERS.length + 1 }, 'demo data seeded');
  return true;
}

/** ADMIN_EMAIL and ADMIN_PASSWORD: on start, create that admin if no admin exists yet. */
export async function ensureConfiguredAdmin(
  couch: Couch,
  logger: Logger,
  email: string | undefined,
  password: string | undefined,
): Promise<boolean> {
  if (!email || !password) return false;
  if ((await countUsersWithRole(couch, 'Admin')) > 0) return false;
  if (await findUserByEmail(couch, email)) {
    logger.warn(
      { email },
      'ADMIN_EMAIL belongs to an existing non-admin account; use npm run admin:create to promote it',
    );
    return false;
  }
  await createUser(couch, {
    email,
    password,
    role: 'Admin',
    full_name: 'Administrator',
    email_verified: true,
  });
  logger.info({ email }, 'admin account created from ADMIN_EMAIL');
  return true;
}

export { DEMO_PASSWORD, DEMO_ADMIN, DEMO_USERS };
