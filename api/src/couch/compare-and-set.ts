/**
 * Reading one document of a type, and the compare-and-set every change of a shared document goes
 * through: read → decide → write with the document's `_rev`; a conflict (someone wrote between)
 * is read and decided again, so each decision is made on the latest state.
 */
import type { DocumentScope } from 'nano';
import { isConflict, isNotFound } from './errors';

type Db = DocumentScope<Record<string, unknown>>;

/** The document `id` when it is of `type`; null when missing or of another type. */
export async function readTyped<T extends { type: string }>(
  db: Db,
  id: string,
  type: T['type'],
): Promise<T | null> {
  try {
    const doc = (await db.get(id)) as unknown as T;
    return doc.type === type ? doc : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Reads with `read` (null: nothing to change, returned as is), decides with `decide` and writes
 * the result with the revision read; a conflict is read and decided again, at most `attempts`
 * times. `decide` returns the document unchanged to write nothing, or throws the refusal. The
 * document written, with its new `_rev`.
 */
async function compareAndSet<T extends { _id: string; _rev?: string }>(
  db: Db,
  read: () => Promise<T | null>,
  decide: (doc: T) => T,
  attempts = 20,
): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    const current = await read();
    if (!current) return null;
    const next = decide(current);
    if (next === current) return current;
    try {
      const result = await db.insert(next as never);
      return { ...next, _rev: result.rev };
    } catch (error) {
      if (!isConflict(error) || attempt >= attempts) throw error;
    }
  }
}

/** `compareAndSet` of the document `id` of `type` (null when there is none). */
export const mutateTyped = <T extends { _id: string; _rev?: string; type: string }>(
  db: Db,
  id: string,
  type: T['type'],
  decide: (doc: T) => T,
) => compareAndSet<T>(db, () => readTyped<T>(db, id, type), decide);
