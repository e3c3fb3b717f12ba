// The documents of a user's own database, exactly as design-docs/userdb/app/validate_doc_update.js
// accepts them from the user (any other field is refused by the server). Dates are ISO 8601.

export interface StoredDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
}

export type WishlistVisibility = 'public' | 'private';
export type WishlistKind = 'gig' | 'project' | 'user';

export interface WishlistDoc extends StoredDoc {
  type: 'wishlist';
  /** 1 to 60 characters. */
  name: string;
  visibility: WishlistVisibility;
  created_at: string;
  updated_at: string;
}

export interface WishlistItemDoc extends StoredDoc {
  type: 'wishlist_item';
  list_id: string;
  kind: WishlistKind;
  /** The gig or project id, or the person's tagname (their public address). */
  ref: string;
  title: string;
  image?: string | null;
  added_at: string;
}

/** A losing version of a draft, kept when two devices edited it apart. */
export interface RecoveredDraft {
  rev: string;
  fields: Record<string, unknown>;
  updated_at: string;
  device?: string;
}

export interface DraftDoc extends StoredDoc {
  type: 'draft';
  form: string;
  key: string;
  fields: Record<string, unknown>;
  updated_at: string;
  /** The device that wrote this version (a random id kept by the browser). */
  device?: string;
  recovered?: RecoveredDraft[];
}

export type ProjectRelation = 'saved' | 'posted' | 'applied' | 'joined';
/** The order relations are stored and shown in. */
export const PROJECT_RELATIONS: readonly ProjectRelation[] = [
  'posted',
  'applied',
  'joined',
  'saved',
];

export interface ProjectBoxDoc extends StoredDoc {
  type: 'projectbox';
  project_id: string;
  title: string;
  /** The user may add or remove only `saved`; the server writes the others. */
  relations: ProjectRelation[];
  /** The user's private notes, at most 5,000 characters. */
  notes: string;
  updated_at: string;
}

/** Written by the server; the user may change only `read_at`. */
export interface NotificationDoc extends StoredDoc {
  type: 'notification';
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

/** Id prefixes: every query of the local database reads one id range. */
export const PREFIX = {
  wishlist: 'wishlist:',
  wishlistItem: 'wishitem:',
  draft: 'draft:',
  projectbox: 'projectbox:',
  notification: 'notification:',
} as const;

export const wishlistItemId = (listId: string, kind: WishlistKind, ref: string): string =>
  `${PREFIX.wishlistItem}${listId}:${kind}:${ref}`;

export const draftId = (form: string, key: string): string => `${PREFIX.draft}${form}:${key}`;

export const LIMITS = {
  wishlistName: 60,
  itemTitle: 200,
  itemRef: 200,
  image: 500,
  draftForm: 40,
  draftKey: 100,
  notes: 5000,
} as const;

/** The database name for a user: `userdb-<hex of the UTF-8 id>`, as on the server. */
export function userDbName(userId: string): string {
  const hex = [...new TextEncoder().encode(userId)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return `userdb-${hex}`;
}

/** Now, as the ISO 8601 text every date field holds. */
export const nowIso = (): string => new Date().toISOString();
