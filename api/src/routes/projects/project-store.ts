/**
 * Reading and writing projects and applications: the one read of each, and the compare-and-set
 * writes every change goes through (read → decide → write with the document's `_rev`; a
 * conflict is read and decided again, so two accepts of one project make one decision each on
 * the latest state and never exceed its slots).
 */
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { notFound } from '../../lib/errors';
import { listActiveServices } from '../services/services.service';
import {
  applicationKey,
  projectKey,
  projectOfApplication,
  type ApplicationDoc,
  type ProjectDoc,
  type ProjectEvent,
} from './project-model';

type CouchDeps = Pick<AppDeps, 'couch'>;

async function readTyped<T extends { type: string }>(
  deps: CouchDeps,
  key: string,
  type: T['type'],
  missing: string,
): Promise<T> {
  try {
    const doc = (await deps.couch.db('projects').get(key)) as unknown as T;
    if (doc.type !== type) throw notFound(missing);
    return doc;
  } catch (error) {
    if (isNotFound(error)) throw notFound(missing);
    throw error;
  }
}

export const readProject = (deps: CouchDeps, id: string) =>
  readTyped<ProjectDoc>(deps, projectKey(id), 'project', 'No such project.');

export function readApplication(deps: CouchDeps, id: string): Promise<ApplicationDoc> {
  if (!projectOfApplication(id)) throw notFound('No such application.');
  return readTyped<ApplicationDoc>(deps, applicationKey(id), 'application', 'No such application.');
}

/** A document by id, or null when there is none. */
export async function getOrNull<T>(deps: CouchDeps, key: string): Promise<T | null> {
  try {
    return (await deps.couch.db('projects').get(key)) as unknown as T;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Adds an event to the project's outbox (its id unique per project) and to its history. */
export function withEvent(
  project: ProjectDoc,
  kind: ProjectEvent['kind'],
  by: string,
  now: Date,
  extra: { application_id?: string; user_id?: string } = {},
): ProjectDoc {
  const seq = project.seq + 1;
  const at = now.toISOString();
  return {
    ...project,
    seq,
    updated_at: at,
    history: [...project.history, { at, by, event: kind }],
    outbox: [...project.outbox, { id: `${seq}-${kind}`, kind, at, by, ...extra }],
  };
}

async function mutateDoc<T extends { _id: string; _rev?: string }>(
  deps: CouchDeps,
  read: () => Promise<T>,
  decide: (doc: T) => T,
): Promise<T> {
  const db = deps.couch.db('projects');
  for (let attempt = 0; ; attempt++) {
    const current = await read();
    const next = decide(current);
    if (next === current) return current;
    try {
      const result = await db.insert(next as never);
      return { ...next, _rev: result.rev };
    } catch (error) {
      // Many accepts at once retry often; each try reads the latest project again.
      if (!isConflict(error) || attempt >= 30) throw error;
    }
  }
}

/** Read, decide, write the project with its `_rev`; decided again after a conflict. */
export const mutateProject = (
  deps: CouchDeps,
  id: string,
  decide: (project: ProjectDoc) => ProjectDoc,
) => mutateDoc(deps, () => readProject(deps, id), decide);

export const mutateApplication = (
  deps: CouchDeps,
  id: string,
  decide: (app: ApplicationDoc) => ApplicationDoc,
) => mutateDoc(deps, () => readApplication(deps, id), decide);

/** Every application of a project (by its id range), oldest first. */
export async function applicationsOf(
  deps: CouchDeps,
  projectId: string,
): Promise<ApplicationDoc[]> {
  const result = await deps.couch.db('projects').list({
    startkey: applicationKey(`${projectId}:`),
    endkey: applicationKey(`${projectId}:\ufff0`),
    include_docs: true,
    limit: 5000,
  });
  return result.rows
    .map((row) => row.doc as unknown as ApplicationDoc | undefined)
    .filter((doc): doc is ApplicationDoc => !!doc && doc.type === 'application')
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** Documents by id in one request; missing ones left out. */
export async function fetchDocs<T>(deps: CouchDeps, keys: string[]): Promise<T[]> {
  if (!keys.length) return [];
  const result = await deps.couch
    .db('projects')
    .fetch({ keys: [...new Set(keys)] }, { include_docs: true } as never);
  return (result.rows as unknown as { doc?: T | null }[])
    .map((row) => row.doc)
    .filter((doc): doc is T => !!doc);
}

/** The caller's applications (alone, led or as a member), newest first. */
export async function applicationsOfMember(
  deps: CouchDeps,
  userId: string,
  limit?: number,
): Promise<ApplicationDoc[]> {
  const result = await deps.couch.db('projects').view('projects', 'applications_by_member', {
    startkey: [userId, {}],
    endkey: [userId],
    descending: true,
    include_docs: true,
    ...(limit ? { limit } : {}),
  } as never);
  return (result.rows as unknown as { doc?: ApplicationDoc }[])
    .map((row) => row.doc)
    .filter((doc): doc is ApplicationDoc => !!doc && doc.type === 'application');
}

/**
 * The applications of one project that any of these students is in, by the
 * `applications_by_member` view (a student's own applications, not the whole project's), newest
 * first.
 */
export async function applicationsOfMembersIn(
  deps: CouchDeps,
  userIds: string[],
  projectId: string,
): Promise<ApplicationDoc[]> {
  const found = new Map<string, ApplicationDoc>();
  for (const apps of await Promise.all(userIds.map((id) => applicationsOfMember(deps, id))))
    for (const app of apps) if (app.project_id === projectId) found.set(app.id, app);
  return [...found.values()].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
  );
}

/** Service ids → names, for the expertise projects show. */
export async function serviceNames(deps: CouchDeps): Promise<Map<string, string>> {
  const services = await listActiveServices(deps.couch);
  return new Map(services.map((s) => [s.id, s.name]));
}
