import type { Context } from 'hono';

/**
 * The policy of a file a member uploaded (avatar, CV, gig or portfolio picture, blog cover, job
 * or order file), opened on its own: nothing in it may run or load anything, whatever the
 * browser makes of it. Stricter than the app's policy (api/src/middleware.ts), which keeps a
 * route's own `Content-Security-Policy`.
 */
const UPLOADED_FILE_CSP = "default-src 'none'; sandbox";

/** The headers every uploaded file is served with: its type, never sniffed, and the policy above. */
export function uploadedFileHeaders(c: Context, contentType: string): void {
  c.header('Content-Type', contentType);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', UPLOADED_FILE_CSP);
}
