/**
 * Which pictures a wishlist item may show. The app writes its own image paths (a gig's first
 * image, a member's avatar); anything else must be an https URL. A `javascript:` or `data:` URL,
 * or a path elsewhere on this site, is refused. No zod here: the web app imports this at runtime.
 * design-docs/userdb/app/validate_doc_update.js holds the same two patterns (ES5, no imports);
 * design-docs/test/userdb.test.ts checks that both answer alike.
 */

/** `/api/gigs/<id>/images/<imageId>` and `/api/files/avatar/<userId>[?v=<version>]`. */
export const OWN_IMAGE_PATH =
  /^\/api\/(?:gigs\/[A-Za-z0-9_-]{1,64}\/images\/[A-Za-z0-9_-]{1,64}|files\/avatar\/[A-Za-z0-9_-]{1,64}(?:\?v=[A-Za-z0-9_-]{1,64})?)$/;

/** https, a host name (no user info), an optional port, path and query without quotes or spaces. */
export const HTTPS_IMAGE_URL =
  /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~!$&*+,;=:@%/-]*)?(?:\?[A-Za-z0-9._~!$&*+,;=:@%/?-]*)?$/;

export const WISHLIST_IMAGE_MAX_LENGTH = 500;

export const WISHLIST_IMAGE_MESSAGE =
  "image must be one of the app's own image paths or an https URL.";

/** True for a picture a wishlist item may show (see above). */
export function isWishlistImage(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= WISHLIST_IMAGE_MAX_LENGTH &&
    (OWN_IMAGE_PATH.test(value) || HTTPS_IMAGE_URL.test(value))
  );
}
