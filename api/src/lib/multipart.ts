import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, ValidationError } from './errors';

export interface UploadRule {
  /** What is uploaded, in messages: "file", "image". */
  noun: string;
  maxBytes: number;
  /** The limit as people read it: "2 MB". */
  limitLabel: string;
}

/**
 * The one reading of an upload (`multipart/form-data` with the file in a field named `file`), for
 * every upload route: 415 for another media type, 400 for a body that is not readable multipart
 * (no boundary, garbage, a truncated part), 422 without a file, 413 over the limit. Returns the
 * file's bytes; what they must be (an image, a PDF) is the route's check.
 */
export async function readUploadedFile(c: Context, rule: UploadRule): Promise<Buffer> {
  const inField = `in a field named "file"`;
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new AppError(415, `Upload the ${rule.noun} as multipart/form-data ${inField}.`);
  }
  const unreadable = new AppError(
    400,
    `The upload could not be read: send the ${rule.noun} as multipart/form-data ${inField}.`,
  );
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(type)) throw unreadable;
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch (error) {
    // A body over the size limit is refused while it is read: that answer stands.
    if (error instanceof AppError || error instanceof HTTPException) throw error;
    throw unreadable;
  }
  const file = body.file;
  if (!(file instanceof File)) {
    throw ValidationError.field(
      'file',
      `Choose ${/^[aeiou]/i.test(rule.noun) ? 'an' : 'a'} ${rule.noun} to upload.`,
    );
  }
  if (file.size > rule.maxBytes) {
    throw new AppError(413, `The ${rule.noun} is too large: the limit is ${rule.limitLabel}.`);
  }
  return Buffer.from(await file.arrayBuffer());
}
