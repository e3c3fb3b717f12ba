import { z } from 'zod';
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

/** A wishlist item as the API returns it (its shape in the user database, without the ids). */
export const wishlistItemSchema = z.object({
  kind: z.enum(['gig', 'project', 'user']),
  ref: z.string().min(1).max(200),
  title: z.string().min(1).max(200),
  image: wishlistImageSchema,
  added_at: z.string(),
});

/** Shapes of the user's own data (their database), as the API returns them. */
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export interface Wishlist {
  id: string;
  name: string;
  visibility: 'public' | 'private';
  items: WishlistItem[];
  created_at: string;
  updated_at: string;
}

export type ProjectRelation = 'saved' | 'posted' | 'applied' | 'joined';

export interface ProjectBoxEntry {
  id: string;
  project_id: string;
  title: string;
  relations: ProjectRelation[];
  notes: string;
  updated_at: string;
}
