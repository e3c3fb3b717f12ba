/** Shapes of the user's own data (their database), as the API returns them. */
export interface WishlistItem {
  kind: 'gig' | 'project' | 'user';
  ref: string;
  title: string;
  image: string | null;
  added_at: string;
}

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
