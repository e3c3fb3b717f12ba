import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';

/**
 * One sentence for an action that failed outside a form: the server's field errors when it sent
 * them (they say what was wrong), else its message (a 409 says why), else the generic text.
 */
export function errorMessageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR_MESSAGE;
  const details = Object.values(error.errors).flat();
  return details.length > 0 ? details.join(' ') : error.message;
}
