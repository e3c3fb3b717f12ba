// Pictures of gigs and portfolio projects: PNG, JPEG or WebP up to 2 MB, recognised by their
// first bytes (the server checks the same way: api/src/routes/doc-images.ts), never by name or
// declared type.
import { detectType, IMAGE_TYPES } from '@wayfarer/api/schemas/file-types';
import { GIG_IMAGE_MAX_BYTES } from '@wayfarer/api/schemas/gigs';

/** The picker's filter (a file field's `accept`); `checkImage` is what decides. */
export const IMAGE_FILE_ACCEPT = 'image/png,image/jpeg,image/webp';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type of a file from its first 12 bytes, or null when it is not PNG, JPEG or WebP. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const type = detectType(bytes);
  return type && IMAGE_TYPES.includes(type) ? (type as ImageType) : null;
}

const TYPE_ERROR = 'is not a PNG, JPEG or WebP image.';
const SIZE_ERROR = 'is larger than 2 MB.';

export type ImageCheck = { ok: true; type: ImageType } | { ok: false; error: string };

/** Checks a picked file by its size and its content; the error names the file. */
export async function checkImage(file: Blob & { name?: string }): Promise<ImageCheck> {
  const name = file.name || 'The file';
  if (file.size > GIG_IMAGE_MAX_BYTES) return { ok: false, error: `${name} ${SIZE_ERROR}` };
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const type = file.size > 0 ? sniffImage(head) : null;
  if (!type) return { ok: false, error: `${name} ${TYPE_ERROR}` };
  return { ok: true, type };
}
