/**
 * An agent's portfolio (issue 20, not in the spec): projects they show on their profile, in
 * wf_catalog beside their gigs. Only the agent changes their own (an admin may delete one);
 * anyone reads those of an active agent. Pictures are the gigs' (routes/doc-images.ts).
 */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { readTyped } from '../../couch/compare-and-set';
import { isConflict } from '../../couch/errors';
import { AppError, conflict, forbidden, notFound, ValidationError } from '../../lib/errors';
import type {
  OwnPortfolioProject,
  PortfolioFields,
  PortfolioPatch,
  PortfolioProject,
} from '../../schemas';
import { PORTFOLIO_IMAGES_MAX, PORTFOLIO_MAX } from '../../schemas';
import { readDocImage, withImage, withoutImage } from '../doc-images';
import { activeService } from '../gigs/gigs.service';
import { readOrder } from '../orders/order-store';
import { userKey, type UserDoc } from '../users/users.model';
import { portfolioKey, toOwnProject, toProject, type PortfolioDoc } from './portfolio.model';

type Deps = Pick<AppDeps, 'couch' | 'clock'>;
type Saved = PortfolioDoc & { _rev: string };

const db = (deps: Deps) => deps.couch.db('catalog');

/** The agent's projects in their order (`portfolio/by_owner`), with or without the documents. */
async function ownerRows(deps: Deps, ownerId: string) {
  const result = await db(deps).view('portfolio', 'by_owner', {
    startkey: [ownerId],
    endkey: [ownerId, {}],
    include_docs: true,
  });
  return result.rows
    .map((row) => row.doc as unknown as Saved | undefined)
    .filter((doc): doc is Saved => doc?.type === 'portfolio');
}

export async function ownPortfolio(deps: Deps, owner: UserDoc): Promise<OwnPortfolioProject[]> {
  return (await ownerRows(deps, owner.id)).map(toOwnProject);
}

/** An agent's portfolio as their public profile shows it (the caller checked the agent). */
export async function publicPortfolio(deps: Deps, owner: UserDoc): Promise<PortfolioProject[]> {
  return (await ownerRows(deps, owner.id)).map(toProject);
}

async function readProject(deps: Deps, id: string): Promise<Saved> {
  const doc = await readTyped<Saved>(db(deps) as never, portfolioKey(id), 'portfolio');
  if (!doc) throw notFound('No such portfolio project.');
  return doc;
}

function assertOwner(doc: PortfolioDoc, user: UserDoc) {
  if (doc.owner_id !== user.id)
    throw forbidden('Only the agent who shows this project can change it.');
}

/**
 * One project: the agent's own shape (revision, linked order) for its agent; the public one for
 * everyone else, and only while its agent's account is active.
 */
export async function getProject(
  deps: Deps,
  id: string,
  viewer: UserDoc | undefined,
): Promise<PortfolioProject | OwnPortfolioProject> {
  const doc = await readProject(deps, id);
  if (viewer?.id === doc.owner_id) return toOwnProject(doc);
  const owner = await readTyped<UserDoc>(
    deps.couch.db('users') as never,
    userKey(doc.owner_id),
    'user',
  );
  if (owner?.status !== 'active') throw notFound('No such portfolio project.');
  return toProject(doc);
}

/**
 * The checks of the fields that need more than their shape: an active service, a date not in
 * the future, and an order of the agent's own that completed (its completion time is kept, as
 * the order itself is private). Every problem at once, as 422 field errors.
 */
async function checkFields(
  deps: Deps,
  owner: UserDoc,
  fields: Partial<PortfolioFields>,
): Promise<{ order_completed_at?: string | null }> {
  const errors: Record<string, string[]> = {};
  if (fields.service_id !== undefined && !(await activeService(deps, fields.service_id)))
    errors.service_id = ['Choose an active service.'];
  if (fields.completed_on) {
    const now = deps.clock.now().toISOString();
    const latest = fields.completed_on.length === 4 ? now.slice(0, 4) : now.slice(0, 7);
    if (fields.completed_on > latest) errors.completed_on = ['That date is in the future.'];
  }
  let orderCompletedAt: string | null | undefined;
  if (fields.order_id !== undefined) {
    orderCompletedAt = fields.order_id
      ? await completedOrderOf(deps, owner, fields.order_id)
      : null;
    if (orderCompletedAt === undefined) errors.order_id = ['Choose one of your completed orders.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return orderCompletedAt === undefined ? {} : { order_completed_at: orderCompletedAt };
}

/** When the agent's order `id` completed; undefined when it is not theirs or not completed. */
async function completedOrderOf(deps: Deps, owner: UserDoc, id: string) {
  try {
    const order = await readOrder(deps, id);
    if (order.agent_id !== owner.id || order.status !== 'completed') return undefined;
    return order.completed_at ?? undefined;
  } catch (error) {
    // Another person's order answers as one that does not exist.
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}

async function save(deps: Deps, doc: PortfolioDoc): Promise<Saved> {
  try {
    const result = await db(deps).insert(doc as never);
    return { ...doc, _rev: result.rev };
  } catch (error) {
    if (isConflict(error))
      throw conflict(
        'This project was changed meanwhile (on another device?). Reload and try again.',
      );
    throw error;
  }
}

export async function createProject(
  deps: Deps,
  owner: UserDoc,
  input: PortfolioFields,
): Promise<OwnPortfolioProject> {
  const linked = await checkFields(deps, owner, input);
  const current = await ownerRows(deps, owner.id);
  if (current.length >= PORTFOLIO_MAX)
    throw conflict(`A portfolio shows at most ${PORTFOLIO_MAX} projects. Delete one first.`);
  const id = randomBytes(9).toString('base64url');
  const now = deps.clock.now().toISOString();
  const saved = await save(deps, {
    ...input,
    _id: portfolioKey(id),
    type: 'portfolio',
    id,
    owner_id: owner.id,
    order_completed_at: linked.order_completed_at ?? null,
    // First place: before the project shown first so far.
    position: current.length ? Math.min(...current.map((p) => p.position)) - 1 : 0,
    images: [],
    created_at: now,
    updated_at: now,
  });
  return toOwnProject(saved);
}

export async function updateProject(
  deps: Deps,
  user: UserDoc,
  id: string,
  patch: PortfolioPatch,
): Promise<OwnPortfolioProject> {
  const doc = await readProject(deps, id);
  assertOwner(doc, user);
  const { revision, ...fields } = patch;
  if (revision !== undefined && revision !== doc._rev)
    throw conflict(
      'This project was changed meanwhile (on another device?). Reload to see it, then edit again.',
    );
  const linked = await checkFields(deps, user, {
    ...fields,
    // An unchanged service stays valid even if it was deactivated since.
    service_id: fields.service_id === doc.service_id ? undefined : fields.service_id,
    order_id: fields.order_id === doc.order_id ? undefined : fields.order_id,
  });
  const saved = await save(deps, {
    ...doc,
    ...fields,
    ...linked,
    updated_at: deps.clock.now().toISOString(),
  });
  return toOwnProject(saved);
}

/** By its agent, or an admin taking it down. */
export async function deleteProject(deps: Deps, user: UserDoc, id: string): Promise<void> {
  const doc = await readProject(deps, id);
  if (user.role !== 'Admin') assertOwner(doc, user);
  try {
    await db(deps).destroy(doc._id, doc._rev);
  } catch (error) {
    if (isConflict(error))
      throw conflict('This project was changed meanwhile. Reload and try again.');
    throw error;
  }
}

export async function addImage(
  deps: Deps,
  user: UserDoc,
  id: string,
  data: Buffer,
  contentType: string,
): Promise<OwnPortfolioProject> {
  const doc = await readProject(deps, id);
  assertOwner(doc, user);
  const next = withImage(
    doc,
    { data, contentType },
    { max: PORTFOLIO_IMAGES_MAX, what: 'A portfolio project' },
  );
  return toOwnProject(await save(deps, { ...next, updated_at: deps.clock.now().toISOString() }));
}

export async function removeImage(
  deps: Deps,
  user: UserDoc,
  id: string,
  imageId: string,
): Promise<OwnPortfolioProject> {
  const doc = await readProject(deps, id);
  assertOwner(doc, user);
  const next = withoutImage(doc, imageId);
  return toOwnProject(await save(deps, { ...next, updated_at: deps.clock.now().toISOString() }));
}

/** A picture of a project: public, as the project is. */
export async function readImage(deps: Deps, id: string, imageId: string) {
  return readDocImage(db(deps), await readProject(deps, id), imageId);
}

/**
 * Puts the agent's projects in the order of `ids`, which must name each of them once (422). Only
 * the projects whose place changes are written; one changed meanwhile is a 409 (the others keep
 * their new places, and sending the order again finishes it).
 */
export async function reorderPortfolio(
  deps: Deps,
  owner: UserDoc,
  ids: string[],
): Promise<OwnPortfolioProject[]> {
  const current = await ownerRows(deps, owner.id);
  const byId = new Map(current.map((doc) => [doc.id, doc]));
  if (
    ids.length !== current.length ||
    new Set(ids).size !== ids.length ||
    !ids.every((i) => byId.has(i))
  )
    throw ValidationError.field('ids', 'List each of your portfolio projects once.');
  const moved = ids
    .map((id, position) => ({ ...byId.get(id)!, position }))
    .filter((doc) => byId.get(doc.id)!.position !== doc.position);
  if (moved.length) {
    const results = await db(deps).bulk({ docs: moved as never[] });
    if (results.some((r) => r.error === 'conflict'))
      throw conflict('Your portfolio was changed meanwhile. Reload and order it again.');
    const failed = results.find((r) => r.error);
    if (failed) throw new Error(`portfolio reorder: ${failed.error} ${failed.reason ?? ''}`);
  }
  return ownPortfolio(deps, owner);
}
