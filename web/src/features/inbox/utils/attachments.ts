// Attachments: images (PNG, JPEG, WebP) and PDFs up to 10 MB, recognised by their first bytes
// (the server checks the same way and refuses anything else), never by name or declared type.
import { detectType, type DetectedType } from '@wayfarer/api/schemas/file-types';
import { ATTACHMENT_MAX_BYTES } from '@wayfarer/api/schemas/userdb-rules';

export type AttachmentType = DetectedType;

/** The type of a file from its first 12 bytes, or null when it is none of the four. */
export const sniffType = (bytes: Uint8Array): AttachmentType | null => detectType(bytes) ?? null;

export const isImageType = (type: string) =>
  type === 'image/png' || type === 'image/jpeg' || type === 'image/webp';

const EXTENSIONS: Record<AttachmentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * A safe attachment name: letters, digits, spaces, dot, dash and underscore, at most 100
 * characters, never starting with `_` (CouchDB reserves it), with the extension of its real type.
 */
export function attachmentName(fileName: string, type: AttachmentType): string {
  const extension = EXTENSIONS[type];
  const base =
    fileName
      .replace(/\.[A-Za-z0-9]{1,8}$/, '')
      .normalize('NFKD')
      .replace(/[^\w .-]+/g, '')
      .replace(/^[\s._-]+/, '')
      .trim()
      .slice(0, 90) || 'attachment';
  return `${base}.${extension}`;
}

export type AttachmentCheck =
  { ok: true; type: AttachmentType; name: string } | { ok: false; error: string };

export const TYPE_ERROR = 'Attach a PNG, JPEG or WebP image or a PDF document.';
export const SIZE_ERROR = 'An attachment is at most 10 MB.';

/** Checks a picked file by its size and its first bytes. */
export async function checkAttachment(file: Blob & { name?: string }): Promise<AttachmentCheck> {
  if (file.size > ATTACHMENT_MAX_BYTES) return { ok: false, error: SIZE_ERROR };
  if (file.size === 0) return { ok: false, error: TYPE_ERROR };
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const type = sniffType(head);
  if (!type) return { ok: false, error: TYPE_ERROR };
  return { ok: true, type, name: attachmentName(file.name ?? '', type) };
}

/** "2.4 MB", "830 KB", "120 bytes". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
