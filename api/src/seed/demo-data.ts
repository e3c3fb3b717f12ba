// The demo data lives as data in ./demo: the service categories, users and gigs as JSON, the
// blog posts as Markdown with a front matter, the gig pictures as PNG files. The text is read and
// checked against the shapes below when this module loads, so a broken file stops the start with
// its name and what is wrong; a picture is read when the seed uploads it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { GIG_IMAGES_MAX, gigFieldsSchema } from '../schemas/gigs';
import { PORTFOLIO_IMAGES_MAX, portfolioFieldsSchema } from '../schemas/portfolio';
import { ROLES } from '../schemas/roles';
import { repoRoot } from '../config/env';

// Found from the repository root, not this module, so the production bundle (api/dist) finds it.
const DEMO_DIR = pathToFileURL(path.join(repoRoot(), 'api', 'src', 'seed', 'demo') + path.sep);
const read = (file: string) => readFileSync(new URL(file, DEMO_DIR), 'utf8');

function check<T extends z.ZodType>(schema: T, value: unknown, file: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new Error(`api/src/seed/demo/${file}: ${z.prettifyError(result.error)}`);
  return result.data;
}

function readJson<T extends z.ZodType>(schema: T, file: string) {
  let value: unknown;
  try {
    value = JSON.parse(read(file));
  } catch (error) {
    throw new Error(`api/src/seed/demo/${file}: ${(error as Error).message}`, { cause: error });
  }
  return check(schema, value, file);
}

const text = z.string().min(1);
const key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by -');

const serviceSchema = z.strictObject({ id: key, name: text, icon: text, description: text });

const userSchema = z.strictObject({
  key,
  email: z.email(),
  role: z.enum(ROLES),
  full_name: text,
  tagname: text,
  expertise: text.nullable(),
  location: text,
  languages: z.array(text),
  bio: text,
});
export type DemoUser = z.infer<typeof userSchema>;

const usersSchema = z.strictObject({
  /** Everyone in the demo signs in with this password (printed at start-up). */
  password: z.string().min(8),
  admin: userSchema.extend({ role: z.literal('Admin') }),
  users: z.array(userSchema),
});

const gigSchema = z.strictObject({
  /** Stable key: the seed finds a gig it already wrote by owner and title. */
  key,
  /** The key of the demo agent who owns it. */
  owner: key,
  /** Files in demo/images, uploaded in this order. */
  images: z
    .array(z.string().regex(/^[a-z0-9-]+\.png$/))
    .min(1)
    .max(GIG_IMAGES_MAX),
  /** What an agent sends to POST /api/gigs (prices in cents); the seed publishes it. */
  fields: gigFieldsSchema.omit({ status: true }),
});
export type DemoGig = z.infer<typeof gigSchema>;

/** A post is `---`, a YAML front matter, `---`, then the Markdown body; the slug is its file name. */
const frontMatterSchema = z.strictObject({
  title: text,
  excerpt: text,
  published_at: z.iso.datetime(),
});

function readPost(file: string) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(read(`blog/${file}`));
  if (!match) throw new Error(`api/src/seed/demo/blog/${file}: no front matter between --- lines`);
  const { title, excerpt, published_at } = check(
    frontMatterSchema,
    parseYaml(match[1]!),
    `blog/${file}`,
  );
  return {
    slug: file.slice(0, -'.md'.length),
    title,
    excerpt,
    published_at,
    body: match[2]!.trim(),
  };
}

/** The service categories, in the footer's order. */
export const SERVICES = readJson(z.array(serviceSchema), 'services.json');

const users = readJson(usersSchema, 'users.json');
export const DEMO_PASSWORD = users.password;
export const DEMO_ADMIN: DemoUser = users.admin;
export const DEMO_USERS = users.users;

/** Three or four gigs per service category, owned by the demo agents. */
export const DEMO_GIGS = readJson(z.array(gigSchema), 'gigs.json');

/** Seeded blog posts, until admins write their own (issue 7), oldest first. */
export const BLOG_POSTS = readdirSync(new URL('blog/', DEMO_DIR))
  .filter((file) => file.endsWith('.md'))
  .map(readPost)
  .sort((a, b) => a.published_at.localeCompare(b.published_at) || a.slug.localeCompare(b.slug));

const agents = new Set(DEMO_USERS.filter((u) => u.role === 'Agent').map((u) => u.key));
const serviceIds = new Set(SERVICES.map((s) => s.id));
for (const gig of DEMO_GIGS) {
  const missing = gig.images.find((name) => !existsSync(new URL(`images/${name}`, DEMO_DIR)));
  if (!agents.has(gig.owner) || !serviceIds.has(gig.fields.service_id) || missing)
    throw new Error(
      `api/src/seed/demo/gigs.json: ${gig.key} names an unknown agent, service or image`,
    );
}

const portfolioSchema = z.strictObject({
  /** Stable key: the seed finds a project it already wrote by owner and title. */
  key,
  /** The key of the demo agent who shows it. */
  owner: key,
  /** A demo order of the agent's it was done for (orders.json), linked once it is completed. */
  order: z.strictObject({ customer: key, key }).optional(),
  /** Files in demo/images (the gigs' pictures), uploaded in this order. */
  images: z.array(z.string().regex(/^[a-z0-9-]+\.png$/)).max(PORTFOLIO_IMAGES_MAX),
  /** What an agent sends to POST /api/portfolio, without the order (from `order`). */
  fields: portfolioFieldsSchema.omit({ order_id: true }),
});
export type DemoPortfolioProject = z.infer<typeof portfolioSchema>;

/** A few portfolio projects of the demo agents (seed step 7, issue 20). */
export const DEMO_PORTFOLIO = readJson(z.array(portfolioSchema), 'portfolio.json');

for (const project of DEMO_PORTFOLIO) {
  const missing = project.images.find((name) => !existsSync(new URL(`images/${name}`, DEMO_DIR)));
  if (!agents.has(project.owner) || !serviceIds.has(project.fields.service_id) || missing)
    throw new Error(
      `api/src/seed/demo/portfolio.json: ${project.key} names an unknown agent, service or image`,
    );
}

const reasonText = z.string().min(5);
const party = z.enum(['customer', 'agent']);
/** One step of a demo order's history: each is one event on its timeline. */
const orderStepSchema = z
  .discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('pay'),
      /** The sandbox's test cards: success, declined, and retry (fails the first time). */
      card: z.enum(['success', 'declined', 'retry']),
    }),
    z.strictObject({ action: z.enum(['start', 'accept']) }),
    z.strictObject({ action: z.literal('deliver'), message: text }),
    z.strictObject({ action: z.literal('revision'), reason: reasonText }),
    z.strictObject({ action: z.literal('cancel'), by: party, reason: reasonText }),
    z.strictObject({ action: z.enum(['cancel_accept', 'cancel_decline']), by: party }),
    z.strictObject({ action: z.literal('dispute'), by: party, reason: reasonText }),
    z.strictObject({
      action: z.literal('resolve'),
      outcome: z.enum(['complete', 'refund']),
      refund_amount: z.number().int().positive().optional(),
      note: reasonText,
    }),
  ])
  .and(z.object({ hours_ago: z.number().min(0) }));
export type DemoOrderStep = z.infer<typeof orderStepSchema>;

const orderSchema = z.strictObject({
  /** Stable key: the order's id is derived from it, so a seed run again finds the order. */
  key,
  /** The demo customer's key. */
  customer: key,
  /** The demo gig's key (its agent is the order's agent). */
  gig: key,
  tier: z.enum(['basic', 'standard', 'premium']),
  travellers: z.number().int().min(1),
  requirements: z.string(),
  /** When it was placed, in hours before the seed ran; each step later (fewer hours ago). */
  placed_hours_ago: z.number().min(0),
  steps: z.array(orderStepSchema),
  /** Reviews of a completed order (issue 17), written through the reviews service at `hours_ago`. */
  reviews: z
    .array(
      z.strictObject({
        by: party,
        hours_ago: z.number().min(0),
        rating: z.number().int().min(1).max(5),
        communication: z.number().int().min(1).max(5).optional(),
        as_described: z.number().int().min(1).max(5).optional(),
        would_recommend: z.boolean().optional(),
        text: z.string().min(10),
      }),
    )
    .default([]),
});
export type DemoOrder = z.infer<typeof orderSchema>;

/**
 * Orders in every status between the demo customers and agents (seed step 4, with the demo
 * gigs): histories the seed plays through the order services with the clock set to each moment.
 */
export const DEMO_ORDERS = readJson(z.array(orderSchema), 'orders.json');

const customers = new Set(DEMO_USERS.filter((u) => u.role === 'Customer').map((u) => u.key));
for (const order of DEMO_ORDERS) {
  const gig = DEMO_GIGS.find((g) => g.key === order.gig);
  const ordered = order.steps.every(
    (step, i) => step.hours_ago <= (i ? order.steps[i - 1]!.hours_ago : order.placed_hours_ago),
  );
  if (
    !customers.has(order.customer) ||
    !gig?.fields.packages.some((p) => p.tier === order.tier) ||
    !ordered
  )
    throw new Error(
      `api/src/seed/demo/orders.json: ${order.key} names an unknown customer, gig or package, or its steps go back in time`,
    );
}

for (const project of DEMO_PORTFOLIO) {
  const order = project.order && DEMO_ORDERS.find((o) => o.key === project.order!.key);
  const gig = order && DEMO_GIGS.find((g) => g.key === order.gig);
  if (project.order && (order?.customer !== project.order.customer || gig?.owner !== project.owner))
    throw new Error(
      `api/src/seed/demo/portfolio.json: ${project.key} names an order of another customer or agent`,
    );
}

/** The bytes of one demo picture (demo/images/<name>). */
export const demoImage = (name: string) => readFileSync(new URL(`images/${name}`, DEMO_DIR));
