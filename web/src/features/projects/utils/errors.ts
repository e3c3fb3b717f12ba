import { ApiError } from '@/lib/api-client';

/** What a failed action on a project page says: offline, the server's message, or `fallback`. */
export function actionErrorText(
  error: unknown,
  fallback = 'That did not work. Please try again.',
): string {
  return error instanceof ApiError && error.isNetworkError
    ? 'This needs a connection: you seem to be offline.'
    : error instanceof Error
      ? error.message
      : fallback;
}
