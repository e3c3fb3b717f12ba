// Conflict resolution for the user's database. Two devices that edit the same document apart
// (offline, or at the same moment) leave it with two leaf revisions after sync. Every device
// resolves it the same way, without talking to the others:
//
// - the chosen version is the leaf with the latest timestamp of its type (updated_at, added_at),
//   ties broken by the revision (its number, then its hash: CouchDB's own winner order), so all
//   devices choose the same;
// - what merges is merged (a notification read on either device is read, at the earlier time; a
//   draft keeps every losing version's fields under `recovered`; a wishlist keeps its first
//   created_at), and written on top of the chosen leaf;
// - every other leaf is deleted with its whole body kept in the deletion (a tombstone with
//   content): the losing revision stays readable (`get(id, {rev})`, `open_revs: 'all'`) on
//   every replica, and compaction never removes a leaf;
// - leaves the server does not let the user delete (notifications; project box entries that
//   carry a relation the server wrote) stay: the merged content goes on CouchDB's winning branch
//   instead, which is what every device shows, and a second pass writes nothing, so it settles.
import type {
  DraftDoc,
  NotificationDoc,
  ProjectBoxDoc,
  RecoveredDraft,
  StoredDoc,
  WishlistDoc,
} from '@wayfarer/api/schemas/userdb-docs';
import { PROJECT_RELATIONS } from '@wayfarer/api/schemas/userdb-rules';

type Leaf = StoredDoc & { type?: string; [field: string]: unknown };

/** At most this many losing versions stay in a draft's `recovered` list, newest first. */
export const MAX_RECOVERED = 5;

/** Orders revisions as CouchDB picks a winner: by number, then by hash. */
export function compareRevs(a: string, b: string): number {
  const [aNum = '0', aHash = ''] = a.split('-');
  const [bNum = '0', bHash = ''] = b.split('-');
  const diff = Number(aNum) - Number(bNum);
  if (diff !== 0) return diff;
  return aHash < bHash ? -1 : aHash > bHash ? 1 : 0;
}

function compareDates(a: unknown, b: unknown): number {
  const aTime = typeof a === 'string' ? Date.parse(a) : Number.NaN;
  const bTime = typeof b === 'string' ? Date.parse(b) : Number.NaN;
  if (Number.isNaN(aTime) || Number.isNaN(bTime)) {
    if (Number.isNaN(aTime) && Number.isNaN(bTime)) return 0;
    return Number.isNaN(aTime) ? -1 : 1;
  }
  return aTime - bTime;
}

/** The leaf with the latest `field`, ties broken by revision: the same choice on every device. */
export function latest<T extends Leaf>(leaves: readonly T[], field: string): T {
  return leaves.reduce((best, leaf) => {
    const byDate = compareDates(leaf[field], best[field]);
    if (byDate !== 0) return byDate > 0 ? leaf : best;
    return compareRevs(leaf._rev ?? '0-', best._rev ?? '0-') > 0 ? leaf : best;
  });
}

/** JSON with sorted keys: equal content gives equal text whatever the key order. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The document's own fields, without `_id`, `_rev` and the other underscore fields. */
function contentOf(doc: Leaf): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!key.startsWith('_')) content[key] = value;
  return content;
}

interface Strategy {
  /** The version whose content is kept (the same on every device). */
  choose(leaves: Leaf[]): Leaf;
  /** The content every device agrees on, written on top of `target`. */
  merge(leaves: Leaf[], chosen: Leaf, target: Leaf): Record<string, unknown>;
  /** Whether the server lets the user delete this leaf. */
  canDelete(leaf: Leaf): boolean;
}

const earliestReadAt = (leaves: Leaf[]): string | null => {
  const times = leaves
    .map((leaf) => (leaf as unknown as NotificationDoc).read_at)
    .filter((value): value is string => typeof value === 'string')
    .sort((a, b) => compareDates(a, b));
  return times[0] ?? null;
};

const STRATEGIES: Record<string, Strategy> = {
  draft: {
    choose: (leaves) => latest(leaves, 'updated_at'),
    merge(leaves, chosenLeaf) {
      const chosen = chosenLeaf as unknown as DraftDoc;
      const chosenFields = stableStringify(chosen.fields);
      const seen = new Set<string>();
      const recovered: RecoveredDraft[] = [];
      const candidates: RecoveredDraft[] = [];
      for (const leaf of leaves as unknown as DraftDoc[]) {
        candidates.push(...(leaf.recovered ?? []));
        if (leaf !== chosen) {
          candidates.push({
            rev: leaf._rev ?? '',
            fields: leaf.fields,
            updated_at: leaf.updated_at,
            ...(leaf.device ? { device: leaf.device } : {}),
          });
        }
      }
      candidates.sort(
        (a, b) => compareDates(b.updated_at, a.updated_at) || compareRevs(b.rev, a.rev),
      );
      for (const entry of candidates) {
        const text = stableStringify(entry.fields);
        // Nothing to recover when a version says what the chosen one (or a kept one) says.
        if (text === chosenFields || seen.has(text)) continue;
        seen.add(text);
        recovered.push(entry);
      }
      const merged: Record<string, unknown> = {
        ...contentOf(chosenLeaf),
        recovered: recovered.slice(0, MAX_RECOVERED),
      };
      if (recovered.length === 0) delete merged.recovered;
      return merged;
    },
    canDelete: () => true,
  },
  wishlist: {
    choose: (leaves) => latest(leaves, 'updated_at'),
    merge(leaves, chosen) {
      const created = [...(leaves as unknown as WishlistDoc[])].sort((a, b) =>
        compareDates(a.created_at, b.created_at),
      )[0];
      return { ...contentOf(chosen), created_at: created?.created_at ?? chosen.created_at };
    },
    canDelete: () => true,
  },
  wishlist_item: {
    choose: (leaves) => latest(leaves, 'added_at'),
    merge: (_leaves, chosen) => contentOf(chosen),
    canDelete: () => true,
  },
  projectbox: {
    choose: (leaves) => latest(leaves, 'updated_at'),
    merge(_leaves, chosenLeaf, targetLeaf) {
      const chosen = chosenLeaf as unknown as ProjectBoxDoc;
      const target = targetLeaf as unknown as ProjectBoxDoc;
      // The user may not add or drop a server relation on the branch they write: those stay as
      // the target has them; "saved" follows the chosen version.
      const relations = PROJECT_RELATIONS.filter((relation) =>
        relation === 'saved'
          ? chosen.relations.includes('saved')
          : target.relations.includes(relation),
      );
      return { ...contentOf(chosenLeaf), relations };
    },
    canDelete: (leaf) =>
      Array.isArray(leaf.relations) &&
      (leaf.relations as unknown[]).every((relation) => relation === 'saved'),
  },
  notification: {
    choose: (leaves) => leaves[0]!,
    merge: (leaves, chosen) => ({ ...contentOf(chosen), read_at: earliestReadAt(leaves) }),
    canDelete: () => false,
  },
};

/**
 * The writes that resolve a conflicted document: the merged content on the chosen leaf (or on
 * CouchDB's winning branch when another leaf may not be deleted), when it differs, and a
 * tombstone carrying the body of every other leaf the user may delete. Empty when there is
 * nothing to do (unknown type, or already resolved), so running it again is safe.
 */
export function planResolution(winner: Leaf, losers: readonly Leaf[]): Leaf[] {
  const live = losers.filter((leaf) => !leaf._deleted);
  if (live.length === 0 || winner._deleted) return [];
  const strategy = winner.type ? STRATEGIES[winner.type] : undefined;
  if (!strategy) return [];
  // A leaf of another type (written by a buggy client) is left for a person to look at.
  const leaves = [winner, ...live.filter((leaf) => leaf.type === winner.type)];
  if (leaves.length === 1) return [];
  const chosen = strategy.choose(leaves);
  const others = leaves.filter((leaf) => leaf !== chosen);
  const target = others.every((leaf) => strategy.canDelete(leaf)) ? chosen : winner;
  const merged = strategy.merge(leaves, chosen, target);
  const writes: Leaf[] = [];
  if (stableStringify(merged) !== stableStringify(contentOf(target))) {
    writes.push({ ...merged, _id: target._id, _rev: target._rev });
  }
  for (const leaf of leaves) {
    if (leaf === target || !strategy.canDelete(leaf)) continue;
    const { _conflicts: _ignored, ...body } = leaf;
    writes.push({ ...body, _deleted: true });
  }
  return writes;
}

/** The part of a PouchDB database the resolver needs (PouchDB itself in the app and in tests). */
export interface ConflictDb {
  get(id: string, options: { conflicts: true }): Promise<Leaf>;
  get(id: string, options: { open_revs: string[] }): Promise<{ ok?: Leaf; missing?: string }[]>;
  bulkDocs(docs: Leaf[]): Promise<unknown[]>;
}

/**
 * Resolves the conflicts of document `id` in `db`, if it has any. Returns how many revisions
 * were written (0: nothing to do).
 */
export async function resolveConflicts(db: ConflictDb, id: string): Promise<number> {
  let winner: Leaf;
  try {
    winner = await db.get(id, { conflicts: true });
  } catch {
    return 0; // deleted or gone meanwhile: nothing to resolve
  }
  const revs = winner._conflicts ?? [];
  if (revs.length === 0) return 0;
  const found = await db.get(id, { open_revs: revs });
  const losers = found.flatMap((entry) => (entry.ok ? [entry.ok] : []));
  const { _conflicts: _ignored, ...winnerBody } = winner;
  const writes = planResolution(winnerBody, losers);
  if (writes.length === 0) return 0;
  await db.bulkDocs(writes);
  return writes.length;
}
