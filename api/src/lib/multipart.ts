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

/**
 * The same for a form with text fields and several files (in `files`, or `file`): 415, 400 as
 * above, 413 for a file over the limit, 422 for more than `maxFiles`. Returns the text fields and
 * each file's name and bytes; what the files must be is the route's check.
 */
export async function readUploadedFiles(
  c: Context,
  rule: UploadRule & { maxFiles: number },
): Promise<{ fields: Record<string, string>; files: { name: string; data: Buffer }[] }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type))
    throw new AppError(
      415,
      `Send the ${rule.noun}s as multipart/form-data in a field named "files".`,
    );
  const unreadable = new AppError(
    400,
    'The upload could not be read: send it as multipart/form-data.',
  );
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(type)) throw unreadable;
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch (error) {
    if (error instanceof AppError || error instanceof HTTPException) throw error;
    throw unreadable;
  }
  const fields: Record<string, string> = {};
  const files: { name: string; data: Buffer }[] = [];
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof File) {
        if (name !== 'files' && name !== 'file') continue;
        if (item.size > rule.maxBytes)
          throw new AppError(
            413,
            `“${item.name}” is too large: the limit is ${rule.limitLabel} a ${rule.noun}.`,
          );
        files.push({
          name: item.name.slice(0, 120) || rule.noun,
          data: Buffer.from(await item.arrayBuffer()),
        });
      } else if (typeof item === 'string') fields[name] = item;
    }
  }
  if (files.length > rule.maxFiles)
    throw ValidationError.field('files', `At most ${rule.maxFiles} ${rule.noun}s at a time.`);
  return { fields, files };
}
