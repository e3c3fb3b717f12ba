// The account rules the forms show before the server is asked: the server's own values, from
// its zod-free rules module (importing the zod schemas would pull zod into every chunk).
export { PASSWORD_MIN, TAGNAME_HINT, TAGNAME_RULE } from '@wayfarer/api/schemas/rules';

/** A tagname as the server stores it: trimmed, lower-case, without a leading @. */
export function normaliseTagname(value: string): string {
  return value.trim().replace(/^@/, '').toLowerCase();
}
