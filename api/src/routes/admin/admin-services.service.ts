import { isConflict, isNotFound } from '../../couch/errors';
import { conflict, notFound, ValidationError } from '../../lib/errors';
import type { ServiceInput } from '../../schemas';
import type { ServiceDoc } from '../content/content.service';
import { invalidateActiveServices } from '../services/services.service';
import type { UserDoc } from '../users/users.model';
import { audit } from './admin-audit.service';
import { slugify, type Deps } from './admin-shared';

async function allServices(deps: Deps): Promise<ServiceDoc[]> {
  const rows = await deps.couch
    .db('catalog')
    .list({ startkey: 'service:', endkey: 'service:\ufff0', include_docs: true });
  return rows.rows.map((r) => r.doc as unknown as ServiceDoc);
}

export async function listServices(deps: Deps) {
  const [services, counts] = await Promise.all([
    allServices(deps),
    deps.couch.db('catalog').view('gigs', 'by_service', { group: true }),
  ]);
  const gigsOf = new Map(counts.rows.map((r) => [String(r.key), Number(r.value)]));
  return services
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map((s) => serviceView(s, gigsOf.get(s._id.slice(8)) ?? 0));
}

function serviceView(
  doc: ServiceDoc & { created_by?: string; created_at?: string; updated_at?: string },
  gigCount: number,
) {
  return {
    id: doc._id.slice('service:'.length),
    name: doc.name,
    description: doc.description,
    icon: doc.icon ?? null,
    status: doc.status,
    position: doc.position,
    created_by: doc.created_by ?? null,
    created_at: doc.created_at ?? null,
    updated_at: doc.updated_at ?? null,
    gig_count: gigCount,
  };
}

async function serviceOr404(deps: Deps, id: string) {
  try {
    return (await deps.couch.db('catalog').get(`service:${id}`)) as unknown as ServiceDoc & {
      _rev: string;
    };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such service.');
    throw error;
  }
}

async function gigCount(deps: Deps, id: string) {
  const result = await deps.couch
    .db('catalog')
    .view('gigs', 'by_service', { key: id, reduce: true });
  return Number(result.rows[0]?.value ?? 0);
}

export async function getServiceForAdmin(deps: Deps, id: string) {
  return serviceView(await serviceOr404(deps, id), await gigCount(deps, id));
}

export async function createService(deps: Deps, actor: UserDoc, input: ServiceInput) {
  const services = await allServices(deps);
  if (services.some((s) => s.name.toLowerCase() === input.name.toLowerCase())) {
    throw ValidationError.field('name', 'A service with this name exists.');
  }
  const id = slugify(input.name);
  if (!id) throw ValidationError.field('name', 'Use letters or digits in the name.');
  const now = new Date().toISOString();
  const doc = {
    _id: `service:${id}`,
    type: 'service',
    name: input.name,
    description: input.description,
    icon: input.icon ?? null,
    status: input.status,
    position: Math.max(-1, ...services.map((s) => s.position)) + 1,
    created_by: actor.id,
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.couch.db('catalog').insert(doc as never);
  } catch (error) {
    if (isConflict(error))
      throw ValidationError.field('name', 'A service with a similar name exists.');
    throw error;
  }
  invalidateActiveServices(deps.couch);
  await audit(deps, actor, 'service.create', doc._id, null, input);
  return serviceView(doc as unknown as ServiceDoc, 0);
}

export async function updateService(deps: Deps, actor: UserDoc, id: string, input: ServiceInput) {
  const doc = await serviceOr404(deps, id);
  const services = await allServices(deps);
  if (
    services.some((s) => s._id !== doc._id && s.name.toLowerCase() === input.name.toLowerCase())
  ) {
    throw ValidationError.field('name', 'A service with this name exists.');
  }
  const before = {
    name: doc.name,
    description: doc.description,
    status: doc.status,
    icon: doc.icon,
  };
  const next = {
    ...doc,
    name: input.name,
    description: input.description,
    status: input.status,
    icon: input.icon ?? doc.icon ?? null,
    updated_at: new Date().toISOString(),
  };
  try {
    await deps.couch.db('catalog').insert(next as never);
  } catch (error) {
    if (isConflict(error))
      throw conflict('This service was changed meanwhile. Reload and try again.');
    throw error;
  }
  invalidateActiveServices(deps.couch);
  await audit(deps, actor, 'service.update', doc._id, before, input);
  return serviceView(next, await gigCount(deps, id));
}

export async function deleteService(deps: Deps, actor: UserDoc, id: string) {
  const doc = await serviceOr404(deps, id);
  const gigs = await gigCount(deps, id);
  if (gigs > 0) {
    throw conflict(
      `This service has ${gigs} gig${gigs === 1 ? '' : 's'}: deactivate it instead of deleting it.`,
    );
  }
  await deps.couch.db('catalog').destroy(doc._id, doc._rev);
  invalidateActiveServices(deps.couch);
  await audit(deps, actor, 'service.delete', doc._id, { name: doc.name, status: doc.status }, null);
}
