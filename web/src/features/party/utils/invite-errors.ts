import { ApiError } from '@/lib/api-client';

/** "@Ana_B " → "ana_b": the tag name as the API reads it ("@" optional). */
export const normaliseTagname = (value: string): string =>
  value.trim().replace(/^@/, '').toLowerCase();

/**
 * Why an invitation was refused, in words: no such member (404), a conflict such as already a
 * member, already invited or a full party (409, the server's sentence), an invalid tag name
 * (422, the field's sentence). Null for other failures, which the form's alert shows.
 */
export function inviteErrorText(error: unknown, tagname: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const who = `@${normaliseTagname(tagname)}`;
  switch (error.status) {
    case 404:
      return `No member has the tag name ${who}. Check the spelling and try again.`;
    case 409:
      return error.message && error.message !== 'Conflict'
        ? error.message
        : `${who} cannot be invited: they are already in your party or invited.`;
    case 422:
      return (
        error.errors.tagname?.[0] ??
        (error.message || `${who} cannot be invited: only students can join a party.`)
      );
    default:
      return null;
  }
}
