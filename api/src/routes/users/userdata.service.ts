import type { AppDeps } from '../../context';
import type { Couch } from '../../couch/connect';
import { userDbSnapshots } from '../../couch/userdb-snapshot';
import { isWishlistImage, type ProjectBoxEntry, type Wishlist } from '../../schemas';
import { docsOfType, unreadNotificationCount } from '../notifications/notifications.service';
import { liveStateOf } from '../projects/projects.service';

/** A user's wishlists with their items, newest item first; `publicOnly` for other people. */
export async function wishlistsOf(
  couch: Couch,
  userId: string,
  { publicOnly = false } = {},
): Promise<Wishlist[]> {
  const [lists, items] = await Promise.all([
    docsOfType(couch, userId, 'wishlist'),
    docsOfType(couch, userId, 'wishlist_item'),
  ]);
  return lists
    .filter((list) => !publicOnly || list.visibility === 'public')
    .map((list) => ({
      id: list._id,
      name: list.name,
      visibility: list.visibility,
      items: items
        .filter((item) => item.list_id === list._id)
        .map((item) => ({
          kind: item.kind,
          ref: item.ref,
          title: item.title,
          // Stored before images were checked, a picture that is not safe to show is left out.
          image: isWishlistImage(item.image) ? item.image : null,
          added_at: item.added_at,
        }))
        .sort((a, b) => b.added_at.localeCompare(a.added_at)),
      created_at: list.created_at,
      updated_at: list.updated_at,
    }))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * What `GET /api/user` reads from the member's own database: the unread notifications count and
 * the wishlists, reused while the database is unchanged (userdb-snapshot.ts), except a count
 * answered from memory while its index builds.
 */
export function ownDatabaseParts(
  { couch, env }: Pick<AppDeps, 'couch' | 'env'>,
  userId: string,
): Promise<{ count: number; wishlists: Wishlist[] }> {
  return userDbSnapshots(couch).read(
    userId,
    'user',
    async () => {
      const [unread, wishlists] = await Promise.all([
        unreadNotificationCount(couch, userId),
        wishlistsOf(couch, userId),
      ]);
      return { value: { count: unread.count, wishlists }, keep: unread.fresh };
    },
    env.USERDB_SNAPSHOT_MS,
  );
}

/**
 * The project box, newest first; each entry with its project's live status, places left and
 * deadline when the project is one the user may see (not another's draft, not deleted).
 */
export async function projectBoxOf(couch: Couch, userId: string): Promise<ProjectBoxEntry[]> {
  const docs = await docsOfType(couch, userId, 'projectbox');
  const live = await liveStateOf(
    { couch },
    userId,
    docs.map((doc) => doc.project_id),
  );
  return docs
    .map((doc) => ({
      id: doc._id,
      project_id: doc.project_id,
      title: doc.title,
      relations: doc.relations,
      notes: doc.notes,
      updated_at: doc.updated_at,
      ...live.get(doc.project_id),
    }))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}
