/**
 * Pictures kept as attachments of the catalog document they belong to: a gig's, a portfolio
 * project's. Each is listed in the document's `images` (`{id, content_type}`, in order) and stored
 * as the attachment `image-<id>`; an id is random and never reused, so an image's URL may be
 * cached for good. Both domains upload (PNG, JPEG or WebP up to 2 MB, recognised by its first
 * bytes), add, remove and serve them through these functions.
 */
import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';
import type { DocumentScope } from 'nano';
import { AppError, notFound } from '../lib/errors';
import { GIG_IMAGE_MAX_BYTES } from '../schemas/gigs';
import { detectType, IMAGE_TYPES } from '../schemas/file-types';
import { uploadedFileHeaders } from '../lib/uploaded-file';

export interface ImageRef {
  id: string;
  content_type: string;
}

type Attachments = Record<string, { content_type: string; data?: string; stub?: boolean }>;

export interface WithImages {
  _id: string;
  images: ImageRef[];
  _attachments?: Attachments;
}

/** The `upload` of an image route's `endpoint()`: one file, at most 2 MB. */
export const IMAGE_UPLOAD = {
  noun: 'image',
  accepts: 'PNG, JPEG or WebP',
  maxBytes: GIG_IMAGE_MAX_BYTES,
  limitLabel: '2 MB',
} as const;

/** The uploaded file's type from its first bytes; 415 unless it is a PNG, JPEG or WebP image. */
export function uploadedImageType(file: Uint8Array): string {
  const type = detectType(file);
  if (!type || !IMAGE_TYPES.includes(type))
    throw new AppError(415, 'The image must be a PNG, JPEG or WebP file.');
  return type;
}

/** Every attachment the document keeps, as stubs (so a write does not send them again). */
const stubs = (attachments: Attachments | undefined, except?: string): Attachments =>
  Object.fromEntries(
    Object.entries(attachments ?? {})
      .filter(([name]) => name !== except)
      .map(([name, a]) => [name, { ...a, stub: true }]),
  );

/**
 * The document with one more image at the end; 409 when it already has `max` (`what` names the
 * document in the message: "A gig").
 */
export function withImage<D extends WithImages>(
  doc: D,
  image: { data: Buffer; contentType: string },
  limit: { max: number; what: string },
): D {
  if (doc.images.length >= limit.max)
    throw new AppError(409, `${limit.what} has at most ${limit.max} images. Remove one first.`);
  const id = randomBytes(6).toString('hex');
  return {
    ...doc,
    images: [...doc.images, { id, content_type: image.contentType }],
    _attachments: {
      ...stubs(doc._attachments),
      [`image-${id}`]: { content_type: image.contentType, data: image.data.toString('base64') },
    },
  };
}

/** The document without the image `imageId`; 404 when it has no such image. */
export function withoutImage<D extends WithImages>(doc: D, imageId: string): D {
  if (!doc.images.some((i) => i.id === imageId)) throw notFound('No such image.');
  return {
    ...doc,
    images: doc.images.filter((i) => i.id !== imageId),
    _attachments: stubs(doc._attachments, `image-${imageId}`),
  };
}

/** An image's bytes and type; 404 when the document lists no such image. */
export async function readDocImage(
  db: Pick<DocumentScope<unknown>, 'attachment'>,
  doc: WithImages,
  imageId: string,
) {
  const image = doc.images.find((i) => i.id === imageId);
  if (!image) throw notFound('No such image.');
  return {
    data: await db.attachment.get(doc._id, `image-${imageId}`),
    contentType: image.content_type,
  };
}

/**
 * Answers with an image. An image id is never reused: a changed image has a new URL, so a public
 * one is cached for good. A private one (a draft gig's) is its owner's and admins' only: no cache
 * may keep it, nor serve it to someone else.
 */
export function sendImage(
  c: Context,
  image: { data: Buffer; contentType: string },
  isPublic: boolean,
) {
  uploadedFileHeaders(c, image.contentType);
  c.header('Cache-Control', isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store');
  return c.body(new Uint8Array(image.data));
}
