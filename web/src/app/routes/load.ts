import { redirect } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { notFoundPathFor } from '@/config/paths';

/**
 * Runs a loader's API call; a 404 answer sends the visitor to the page's 404 path (spec
 * section 2: "a 404 response redirects to the starting location with a 404 suffix").
 */
export async function orNotFound<T>(request: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw redirect(notFoundPathFor(new URL(request.url).pathname));
    }
    throw error;
  }
}

/** The absolute address of `path` on this site (for share links). */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}
