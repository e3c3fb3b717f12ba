// Wishlists and their items live in the user's database (one document per list, one per saved
// item), so saving works offline and two devices adding to a list never conflict.
import { useMemo } from 'react';
import { isWishlistImage } from '@wayfarer/api/schemas/wishlist-image';
import type { WishlistDoc, WishlistItemDoc } from '@wayfarer/api/schemas/userdb-docs';
import {
  USERDB_LIMITS,
  USERDB_PREFIX,
  wishlistItemId,
  type WishlistKind,
  type WishlistVisibility,
} from '@wayfarer/api/schemas/userdb-rules';
import { nowIso } from '@/lib/local-db-docs';
import { upsertLocalDoc, useLocalDocs, withLocalDb } from '@/lib/local-db';

/** What the heart saves: a gig, a project or a person (`ref`: gig id, project id, tagname). */
export interface WishlistTarget {
  kind: WishlistKind;
  ref: string;
  title: string;
  image?: string | null;
}

export interface OwnWishlists {
  /** Oldest first, as the server lists them. */
  lists: WishlistDoc[];
  /** Newest first. */
  items: WishlistItemDoc[];
}

/** The signed-in user's lists and items, live; null while the database opens. */
export function useOwnWishlists(): OwnWishlists | null {
  const lists = useLocalDocs<WishlistDoc>(USERDB_PREFIX.wishlist);
  const items = useLocalDocs<WishlistItemDoc>(USERDB_PREFIX.wishlistItem);
  return useMemo(() => {
    if (!lists || !items) return null;
    return {
      lists: lists
        .filter((doc) => doc.type === 'wishlist')
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id)),
      items: items
        .filter((doc) => doc.type === 'wishlist_item')
        .sort((a, b) => b.added_at.localeCompare(a.added_at)),
    };
  }, [lists, items]);
}

export const isSameTarget = (item: WishlistItemDoc, target: Pick<WishlistTarget, 'kind' | 'ref'>) =>
  item.kind === target.kind && item.ref === target.ref;

/** Trims and checks a list name; the error sentence, or null when it is fine. */
export function wishlistNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the list a name.';
  if (trimmed.length > USERDB_LIMITS.wishlistName)
    return `A list name has at most ${USERDB_LIMITS.wishlistName} characters.`;
  return null;
}

export async function createWishlist(
  name: string,
  visibility: WishlistVisibility,
): Promise<string> {
  const id = `${USERDB_PREFIX.wishlist}${crypto.randomUUID()}`;
  const now = nowIso();
  await upsertLocalDoc<WishlistDoc>(id, () => ({
    _id: id,
    type: 'wishlist',
    name: name.trim().slice(0, USERDB_LIMITS.wishlistName),
    visibility,
    created_at: now,
    updated_at: now,
  }));
  return id;
}

export function updateWishlist(
  id: string,
  changes: Partial<Pick<WishlistDoc, 'name' | 'visibility'>>,
): Promise<void> {
  return upsertLocalDoc<WishlistDoc>(id, (doc) =>
    doc
      ? {
          ...doc,
          ...changes,
          ...(changes.name !== undefined
            ? { name: changes.name.trim().slice(0, USERDB_LIMITS.wishlistName) }
            : {}),
          updated_at: nowIso(),
        }
      : undefined,
  );
}

/** Deletes a list and every item in it. */
export async function deleteWishlist(id: string): Promise<void> {
  await withLocalDb(async (db) => {
    const prefix = `${USERDB_PREFIX.wishlistItem}${id}:`;
    const items = await db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` });
    const list = await db.get(id).catch(() => null);
    const deletions = [
      ...items.rows.map((row) => ({ _id: row.id, _rev: row.value.rev, _deleted: true })),
      ...(list ? [{ _id: list._id, _rev: list._rev, _deleted: true }] : []),
    ];
    if (deletions.length) await db.bulkDocs(deletions as never[]);
  });
}

export function saveToWishlist(listId: string, target: WishlistTarget): Promise<void> {
  const ref = target.ref.slice(0, USERDB_LIMITS.itemRef);
  const id = wishlistItemId(listId, target.kind, ref);
  // The user database refuses any other picture (validate_doc_update): leave such a one out.
  const image = isWishlistImage(target.image) ? target.image : null;
  return upsertLocalDoc<WishlistItemDoc>(id, (existing) =>
    existing
      ? undefined
      : {
          _id: id,
          type: 'wishlist_item',
          list_id: listId,
          kind: target.kind,
          ref,
          title: target.title.trim().slice(0, USERDB_LIMITS.itemTitle) || ref,
          ...(image ? { image } : {}),
          added_at: nowIso(),
        },
  );
}

export function removeFromWishlist(
  listId: string,
  target: Pick<WishlistTarget, 'kind' | 'ref'>,
): Promise<void> {
  return upsertLocalDoc<WishlistItemDoc>(
    wishlistItemId(listId, target.kind, target.ref),
    () => null,
  );
}
