import type { ProjectStatus } from './projects';
import { z } from 'zod';
import {
  USERDB_LIMITS,
  WISHLIST_KINDS,
  type ProjectRelation,
  type WishlistVisibility,
} from './userdb-rules';
import { isWishlistImage, WISHLIST_IMAGE_MESSAGE } from './wishlist-image';

export * from './wishlist-image';

/**
 * A wishlist item's picture: one of the app's own image paths or an https URL (wishlist-image.ts;
 * the user database's validate_doc_update checks the same), or none.
 */
export const wishlistImageSchema = z
  .string()
  .refine((value) => isWishlistImage(value), WISHLIST_IMAGE_MESSAGE)
  .nullable();

/** A wishlist item as the API returns it (its document, userdb-docs.ts, without the ids). */
export const wishlistItemSchema = z.object({
  kind: z.enum(WISHLIST_KINDS),
  ref: z.string().min(1).max(USERDB_LIMITS.itemRef),
  title: z.string().min(1).max(USERDB_LIMITS.itemTitle),
  image: wishlistImageSchema,
  added_at: z.string(),
});

/** Shapes of the user's own data (their database), as the API returns them. */
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export interface Wishlist {
  id: string;
  name: string;
  visibility: WishlistVisibility;
  items: WishlistItem[];
  created_at: string;
  updated_at: string;
}

export interface ProjectBoxEntry {
  id: string;
  project_id: string;
  title: string;
  relations: ProjectRelation[];
  notes: string;
  updated_at: string;
  /** The project's live state, when it exists and the user may see it (issue 19). */
  status?: ProjectStatus;
  slots_left?: number;
  deadline?: string;
}
