// The project box lives in the user's database: the server writes the projects the user posted,
// applied to or joined; the user saves projects and keeps private notes, offline too.
import { useMemo } from 'react';
import type { ProjectBoxEntry } from '@wayfarer/api/schemas';
import type { ProjectBoxDoc } from '@wayfarer/api/schemas/userdb-docs';
import { api } from '@/lib/api-client';
import { projectBoxId, USERDB_LIMITS, USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { nowIso } from '@/lib/local-db-docs';
import { upsertLocalDoc, useLocalDoc, useLocalDocs } from '@/lib/local-db';

/** Entries, most recently changed first; null while the database opens. */
export function useProjectBox(): ProjectBoxDoc[] | null {
  const docs = useLocalDocs<ProjectBoxDoc>(USERDB_PREFIX.projectbox);
  return useMemo(
    () =>
      docs
        ? docs
            .filter((doc) => doc.type === 'projectbox')
            .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        : null,
    [docs],
  );
}

export function saveNotes(id: string, notes: string): Promise<void> {
  const text = notes.slice(0, USERDB_LIMITS.notes);
  return upsertLocalDoc<ProjectBoxDoc>(id, (doc) =>
    doc && doc.notes !== text ? { ...doc, notes: text, updated_at: nowIso() } : undefined,
  );
}

/**
 * Takes "saved" off an entry; an entry only saved (no relation the server keeps) goes, notes
 * and all.
 */
export function unsaveProject(id: string): Promise<void> {
  return upsertLocalDoc<ProjectBoxDoc>(id, (doc) => {
    if (!doc || !doc.relations.includes('saved')) return undefined;
    const relations = doc.relations.filter((relation) => relation !== 'saved');
    return relations.length === 0 ? null : { ...doc, relations, updated_at: nowIso() };
  });
}

/** A project's live state as the project box shows it (issue 19). */
export type ProjectLiveState = Pick<ProjectBoxEntry, 'status' | 'slots_left' | 'deadline'>;

/**
 * GET /api/projectbox: the entries with their projects' live state (status, places left,
 * deadline) when the user may see the project; by project id, only those that have one.
 */
export async function getProjectStates(
  options: { signal?: AbortSignal } = {},
): Promise<Record<string, ProjectLiveState>> {
  const { data } = await api.get<{ data: ProjectBoxEntry[] }>('/projectbox', options);
  const states: Record<string, ProjectLiveState> = {};
  for (const entry of data)
    if (entry.status)
      states[entry.project_id] = {
        status: entry.status,
        slots_left: entry.slots_left,
        deadline: entry.deadline,
      };
  return states;
}

/** Project `projectId`'s entry in the project box, live: undefined while it loads, null if none. */
export function useProjectBoxEntry(projectId: string): ProjectBoxDoc | null | undefined {
  return useLocalDoc<ProjectBoxDoc>(projectBoxId(projectId));
}

/** Saves a project to the project box (offline too: the entry syncs later). */
export function saveProject(project: { id: string; title: string }): Promise<void> {
  const title = project.title.slice(0, USERDB_LIMITS.projectTitle);
  return upsertLocalDoc<ProjectBoxDoc>(projectBoxId(project.id), (doc) => {
    if (doc?.relations.includes('saved')) return undefined;
    return doc
      ? { ...doc, relations: [...doc.relations, 'saved'], updated_at: nowIso() }
      : {
          _id: projectBoxId(project.id),
          type: 'projectbox',
          project_id: project.id,
          title,
          relations: ['saved'],
          notes: '',
          updated_at: nowIso(),
        };
  });
}
