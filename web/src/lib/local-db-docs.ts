// The documents of the user's own database are declared once, with the API:
// `@wayfarer/api/schemas/userdb-docs` (their shapes, imported here as types only: no zod reaches
// the bundle) and `@wayfarer/api/schemas/userdb-rules` (ids, prefixes and limits, plain values).
// design-docs/userdb/app/validate_doc_update.js refuses any other shape from the user.

/** The database name for a user: `userdb-<hex of the UTF-8 id>`, as on the server. */
export function userDbName(userId: string): string {
  const hex = [...new TextEncoder().encode(userId)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return `userdb-${hex}`;
}

/** Now, as the ISO 8601 text every date field holds. */
export const nowIso = (): string => new Date().toISOString();
