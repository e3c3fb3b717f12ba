import { describe, expect, it } from 'vitest';
import { GIG_IMAGE_MAX_BYTES } from '@wayfarer/api/schemas/gigs';
import { checkImage, sniffImage } from './image-files';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];

const file = (bytes: number[], name: string, type = 'image/png', size?: number) => {
  const body = new Uint8Array(size ?? bytes.length);
  body.set(bytes);
  return new File([body], name, { type });
};

describe('pictures are checked by content', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImage(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array(WEBP))).toBe('image/webp');
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull(); // GIF
  });

  it('refuses a renamed file, an empty one and one over 2 MB, naming the file', async () => {
    expect(await checkImage(file(PNG, 'a.png'))).toEqual({ ok: true, type: 'image/png' });
    expect(await checkImage(file([0x25, 0x50, 0x44, 0x46], 'cv.png'))).toEqual({
      ok: false,
      error: 'cv.png is not a PNG, JPEG or WebP image.',
    });
    expect(await checkImage(file([], 'empty.jpg'))).toMatchObject({ ok: false });
    expect(await checkImage(file(PNG, 'big.png', 'image/png', GIG_IMAGE_MAX_BYTES + 1))).toEqual({
      ok: false,
      error: 'big.png is larger than 2 MB.',
    });
    expect((await checkImage(file(PNG, 'edge.png', 'image/png', GIG_IMAGE_MAX_BYTES))).ok).toBe(
      true,
    );
  });
});
