// Order files (requirement attachments, delivery files): PNG, JPEG or WebP images or PDF
// documents up to 5 MB, at most 5 per upload, recognised by their first bytes as the API checks
// them (api/src/routes/orders/order-files.ts), never by name or declared type.
import { detectType } from '@wayfarer/api/schemas/file-types';
import { formatFileSize } from '@/lib/file-size';

export const ORDER_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const ORDER_FILES_MAX = 5;

export type FileCheck = { ok: true } | { ok: false; error: string };

/** Checks a picked file by its size and its content; the error names the file. */
export async function checkOrderFile(file: Blob & { name?: string }): Promise<FileCheck> {
  const name = file.name || 'The file';
  if (file.size > ORDER_FILE_MAX_BYTES)
    return { ok: false, error: `${name} is larger than 5 MB (${formatFileSize(file.size)}).` };
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (file.size === 0 || !detectType(head))
    return { ok: false, error: `${name} is not a PNG, JPEG or WebP image or a PDF.` };
  return { ok: true };
}

/**
 * Adds `picked` to `current`: files that pass the check, up to ORDER_FILES_MAX in all, and a
 * sentence for each one left out.
 */
export async function addOrderFiles(
  current: readonly File[],
  picked: readonly File[],
): Promise<{ files: File[]; errors: string[] }> {
  const files = [...current];
  const errors: string[] = [];
  for (const file of picked) {
    const check = await checkOrderFile(file);
    if (!check.ok) errors.push(check.error);
    else if (files.length >= ORDER_FILES_MAX)
      errors.push(`${file.name} was left out: at most ${ORDER_FILES_MAX} files.`);
    else files.push(file);
  }
  return { files, errors };
}
