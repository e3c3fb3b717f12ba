// Order files (requirement attachments, delivery files) and a job's attachments, which the API
// reads with the same rules: PNG, JPEG or WebP images or PDF documents up to 5 MB, at most 5 per
// upload, recognised by their first bytes as the API checks them
// (api/src/routes/orders/order-files.ts), never by name or declared type.
import { detectType } from '@wayfarer/api/schemas/file-types';
import { formatFileSize } from './file-size';

export const ORDER_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const ORDER_FILES_MAX = 5;
/** The picker's filter (a file field's `accept`); the check below is what decides. */
export const ORDER_FILE_ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';

/** Why a picked file would be refused, by its size and its content (naming it), or null. */
export async function orderFileProblem(file: Blob & { name?: string }): Promise<string | null> {
  const name = file.name || 'The file';
  if (file.size > ORDER_FILE_MAX_BYTES)
    return `${name} is larger than 5 MB (${formatFileSize(file.size)}).`;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (file.size === 0 || !detectType(head))
    return `${name} is not a PNG, JPEG or WebP image or a PDF.`;
  return null;
}
