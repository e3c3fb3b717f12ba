import { TAGNAME_RULE, normaliseTagname } from '@/lib/account-rules';

export type TagnameCheck =
  | { state: 'empty' }
  /** Breaks the rule: the hint says why, no request is made. */
  | { state: 'invalid' }
  /** The member's own tagname already. */
  | { state: 'current' }
  | { state: 'checking' }
  | { state: 'available'; tagname: string }
  | { state: 'taken'; reason: string }
  /** The check itself failed (offline): saving will tell. */
  | { state: 'unknown' };

export const TAKEN_FALLBACK = 'That tagname is already taken.';

/** What can be said without asking the server, or null when the server must be asked. */
export function localTagnameCheck(value: string, current: string | null): TagnameCheck | null {
  const tagname = normaliseTagname(value);
  if (tagname === '') return { state: 'empty' };
  if (!TAGNAME_RULE.test(tagname)) return { state: 'invalid' };
  if (current !== null && tagname === current) return { state: 'current' };
  return null;
}
