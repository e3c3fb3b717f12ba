import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectBoxDoc } from '@wayfarer/api/schemas/userdb-docs';
import { saveProject, unsaveProject } from './projectbox';

type Update = (existing: ProjectBoxDoc | null) => ProjectBoxDoc | null | undefined;
const localDb = vi.hoisted(() => ({
  upsertLocalDoc: vi.fn(async (_id: string, _update: unknown) => undefined),
  useLocalDoc: vi.fn(),
  useLocalDocs: vi.fn(),
}));
vi.mock('@/lib/local-db', () => localDb);

const lastUpdate = () => localDb.upsertLocalDoc.mock.calls.at(-1)![1] as Update;

const entry = (relations: ProjectBoxDoc['relations']): ProjectBoxDoc => ({
  _id: 'projectbox:p1',
  type: 'projectbox',
  project_id: 'p1',
  title: 'Food tour',
  relations,
  notes: 'bring a hat',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('Save to Project Box', () => {
  beforeEach(() => localDb.upsertLocalDoc.mockClear());

  it('writes projectbox:<id> with "saved", or adds "saved" to an entry the server wrote', async () => {
    await saveProject({ id: 'p1', title: 'Food tour' });
    expect(localDb.upsertLocalDoc.mock.calls[0]![0]).toBe('projectbox:p1');
    expect(lastUpdate()(null)).toMatchObject({
      _id: 'projectbox:p1',
      type: 'projectbox',
      project_id: 'p1',
      title: 'Food tour',
      relations: ['saved'],
      notes: '',
    });
    expect(lastUpdate()(entry(['applied']))).toMatchObject({
      relations: ['applied', 'saved'],
      notes: 'bring a hat',
    });
    expect(lastUpdate()(entry(['saved']))).toBeUndefined();
  });

  it('unsaving keeps what the server wrote and drops an entry that was only saved', async () => {
    await unsaveProject('projectbox:p1');
    expect(lastUpdate()(entry(['applied', 'saved']))).toMatchObject({ relations: ['applied'] });
    expect(lastUpdate()(entry(['saved']))).toBeNull();
  });
});
