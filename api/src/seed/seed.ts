import { createHash } from 'node:crypto';
import { parseEnv, type Env } from '../config/env';
import type { Couch } from '../couch/connect';
import { isConflict, isNotFound } from '../couch/errors';
import type { Logger } from '../lib/logger';
import { createUser, findUserByEmail, countUsersWithRole } from '../routes/users/users.service';
import { ensureUserDb } from '../couch/userdb';
import { detectType, IMAGE_TYPES } from '../schemas/file-types';
import { addImage, agentGigs, createGig, updateGig } from '../routes/gigs/gigs.service';
import { userKey, type UserDoc } from '../routes/users/users.model';
import { GIG_IMAGE_MAX_BYTES, gigFieldsSchema } from '../schemas';
import {
  BLOG_POSTS,
  DEMO_ADMIN,
  DEMO_GIGS,
  DEMO_ORDERS,
  DEMO_PASSWORD,
  DEMO_USERS,
  SERVICES,
  demoImage,
  type DemoGig,
  type DemoUser,
} from './demo-data';
import { seedDemoOrders } from './demo-orders';
import { seedDemoJobs } from './demo-jobs';
import { seedDemoProjects } from './demo-projects';
import { seedDemoPortfolio } from './demo-portfolio';

const SEED_MARKER = 'seed:demo';

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

async function seedMarker(couch: Couch): Promise<{ _rev: string; version: number } | undefined> {
  try {
    return (await couch.db('content').get(SEED_MARKER)) as unknown as {
      _rev: string;
      version: number;
    };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function ensureDemoUser(couch: Couch, user: DemoUser) {
  await ensureUserDb(couch, demoId(user.key));
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
 * One demo gig through the same service calls (and the same image checks) as an agent's own:
 * created as a draft, given its pictures, then published. Found again by owner and title, so a
 * step interrupted half-way finishes the gig it was writing instead of writing a second one.
 */
async function ensureDemoGig(couch: Couch, logger: Logger, gig: DemoGig) {
  const deps = { couch, logger };
  // A category an admin removed or deactivated before this step ran gets no demo gigs.
  const service = await couch
    .db('catalog')
    .get(`service:${gig.fields.service_id}`)
    .catch((error: unknown) => (isNotFound(error) ? undefined : Promise.reject(error)));
  if ((service as { status?: string } | undefined)?.status !== 'active') {
    logger.info({ gig: gig.key }, 'demo gig skipped: its service is not active');
    return;
  }
  const owner = (await couch
    .db('users')
    .get(userKey(demoId(gig.owner)))
    .catch((error: unknown) =>
      isNotFound(error) ? undefined : Promise.reject(error),
    )) as unknown as UserDoc | undefined;
  if (owner?.type !== 'user') {
    logger.info({ gig: gig.key }, 'demo gig skipped: its demo agent no longer exists');
    return;
  }
  const fields = gigFieldsSchema.parse({ ...gig.fields, status: 'draft' });
  let current =
    (await agentGigs(deps, owner)).find((g) => g.title === fields.title) ??
    (await createGig(deps, owner, fields));
  for (const [position, name] of gig.images.entries()) {
    if (current.images.length > position) continue;
    const data = demoImage(name);
    const type = detectType(data);
    if (!type || !IMAGE_TYPES.includes(type) || data.length > GIG_IMAGE_MAX_BYTES)
      throw new Error(`demo image for ${gig.key} is not a valid upload`);
    current = await addImage(deps, owner, current.id, data, type);
  }
  if (current.status !== 'active') await updateGig(deps, owner, current.id, { status: 'active' });
}

/**
 * Demo data in versioned steps: a fresh database gets every step; one seeded by an older
 * version gets only the steps it lacks; after that, starts seed nothing. Each step writes
 * with fixed ids, so a step interrupted half-way simply runs again.
 */
interface SeedContext {
  logger: Logger;
  /**
   * Write the demo gigs (step 3) and the demo orders on them (step 4); integration tests that
   * build their own data sets say no.
   */
  gigs: boolean;
  /** The API's settings (the platform fee, the clearance); the defaults when not given. */
  env: Env;
}

const STEPS: {
  version: number;
  run: (couch: Couch, now: string, context: SeedContext) => Promise<void>;
}[] = [
  {
    version: 1,
    async run(couch, now) {
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
    },
  },
  {
    version: 2,
    async run(couch, now) {
      for (const post of BLOG_POSTS) {
        await insertIfMissing(couch, 'content', {
          _id: `blog:${post.slug}`,
          type: 'blog_post',
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          body: post.body,
          cover: null,
          status: 'published',
          author_id: demoId(DEMO_ADMIN.key),
          published_at: post.published_at,
          created_at: now,
          updated_at: now,
        } as never);
      }
    },
  },
  {
    // Three or four gigs per category, with pictures, owned by the demo agents.
    version: 3,
    async run(couch, _now, { logger, gigs }) {
      if (!gigs) return;
      for (const gig of DEMO_GIGS) await ensureDemoGig(couch, logger, gig);
    },
  },
  {
    // Orders in every status on the demo gigs, with their ledger (demo-orders.ts).
    version: 4,
    async run(couch, _now, { logger, gigs, env }) {
      if (!gigs) return;
      await seedDemoOrders(couch, logger, env, demoId, DEMO_ORDERS);
    },
  },
  {
    // Open jobs of the demo customers on the board, with offers (demo-jobs.ts, issue 18).
    version: 5,
    async run(couch, _now, { logger, gigs, env }) {
      if (!gigs) return;
      await seedDemoJobs(couch, logger, env, demoId);
    },
  },
  {
    // Projects of the demo lecturers, with applications of the demo students (demo-projects.ts, issue 19).
    version: 6,
    async run(couch, _now, { logger, gigs, env }) {
      if (!gigs) return;
      await seedDemoProjects(couch, logger, env, demoId);
    },
  },
  {
    // Portfolio projects of the demo agents, two linked to their completed demo orders
    // (demo-portfolio.ts, issue 20).
    version: 7,
    async run(couch, _now, { logger, gigs }) {
      if (!gigs) return;
      await seedDemoPortfolio(couch, logger, demoId);
    },
  },
];

export const SEED_VERSION = Math.max(...STEPS.map((s) => s.version));

/** Seeds what this database lacks of the demo data. Returns whether anything was seeded. */
export async function seedDemoData(
  couch: Couch,
  logger: Logger,
  options: { gigs?: boolean; env?: Env } = {},
): Promise<boolean> {
  const marker = await seedMarker(couch);
  const from = marker?.version ?? 0;
  if (from >= SEED_VERSION) return false;
  const now = new Date().toISOString();
  const context = { logger, gigs: options.gigs ?? true, env: options.env ?? parseEnv({}) };
  for (const step of STEPS) if (step.version > from) await step.run(couch, now, context);
  await couch.db('content').insert({
    _id: SEED_MARKER,
    ...(marker ? { _rev: marker._rev } : {}),
    type: 'seed',
    version: SEED_VERSION,
    seeded_at: now,
  } as never);
  logger.info({ from, to: SEED_VERSION }, 'demo data seeded');
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
