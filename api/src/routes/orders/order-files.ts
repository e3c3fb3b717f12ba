/**
 * Files of an order: the customer's requirement attachments and the agent's delivery files.
 * Each is its own document `orderfile:<order>:<file>` in wf_market with the bytes as its
 * attachment (the order itself stays small), checked by content (PNG, JPEG, WebP or PDF, never
 * by name) and size; only the order's parties and admins can read them.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { isNotFound } from '../../couch/errors';
import { AppError, notFound } from '../../lib/errors';
import { readUploadedFiles } from '../../lib/multipart';
import { detectType, type DetectedType } from '../../schemas/file-types';
import type { OrderFile } from '../../schemas/orders';
import type { OrdersDeps } from './orders.service';

export const ORDER_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const ORDER_FILES_MAX = 5;
const TYPES: DetectedType[] = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'];

export interface UploadedFile {
  name: string;
  data: Buffer;
  type: DetectedType;
}

/**
 * A multipart body with text fields and up to ORDER_FILES_MAX files (lib/multipart.ts), each
 * checked by content: 415 for a file that is not an image or a PDF.
 */
export async function readOrderUpload(
  c: Context,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const { fields, files } = await readUploadedFiles(c, {
    noun: 'file',
    maxBytes: ORDER_FILE_MAX_BYTES,
    limitLabel: '5 MB',
    maxFiles: ORDER_FILES_MAX,
  });
  return {
    fields,
    files: files.map((file) => {
      const type = detectType(file.data);
      if (!type || !TYPES.includes(type))
        throw new AppError(415, `“${file.name}” is not a PNG, JPEG, WebP image or a PDF.`);
      return { ...file, type };
    }),
  };
}

export async function storeOrderFiles(
  deps: Pick<OrdersDeps, 'couch' | 'clock'>,
  orderId: string,
  uploader: string,
  files: UploadedFile[],
): Promise<OrderFile[]> {
  const stored: OrderFile[] = [];
  for (const file of files) {
    const id = randomBytes(8).toString('hex');
    await deps.couch.db('market').insert({
      _id: `orderfile:${orderId}:${id}`,
      type: 'orderfile',
      order_id: orderId,
      uploader,
      name: file.name,
      at: deps.clock.now().toISOString(),
      _attachments: { file: { content_type: file.type, data: file.data.toString('base64') } },
    } as never);
    stored.push({
      id,
      name: file.name,
      content_type: file.type,
      size: file.data.length,
      url: `/api/orders/${orderId}/files/${id}`,
    });
  }
  return stored;
}

export async function readOrderFile(
  deps: Pick<OrdersDeps, 'couch'>,
  orderId: string,
  fileId: string,
): Promise<{ data: Buffer; contentType: string; name: string }> {
  const db = deps.couch.db('market');
  const docId = `orderfile:${orderId}:${fileId}`;
  try {
    const doc = (await db.get(docId)) as unknown as {
      name: string;
      _attachments: { file: { content_type: string } };
    };
    const data = (await db.attachment.get(docId, 'file')) as Buffer;
    return { data, contentType: doc._attachments.file.content_type, name: doc.name };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such file.');
    throw error;
  }
}
