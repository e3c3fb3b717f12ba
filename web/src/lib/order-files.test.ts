import { describe, expect, it } from 'vitest';
import { ORDER_FILE_MAX_BYTES, orderFileProblem } from './order-files';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%fake');
const file = (bytes: Uint8Array | string, name: string, type = 'image/png') =>
  new File([bytes as BlobPart], name, { type });

describe('orderFileProblem', () => {
  it('takes images and PDFs by their content', async () => {
    expect(await orderFileProblem(file(PNG, 'plan.png'))).toBeNull();
    expect(await orderFileProblem(file(PDF, 'tickets.pdf', 'application/pdf'))).toBeNull();
  });

  it('refuses a file whose name or type lies, and an empty one', async () => {
    expect(await orderFileProblem(file('hello', 'fake.png'))).toBe(
      'fake.png is not a PNG, JPEG or WebP image or a PDF.',
    );
    expect(await orderFileProblem(file('', 'empty.pdf', 'application/pdf'))).toBe(
      'empty.pdf is not a PNG, JPEG or WebP image or a PDF.',
    );
  });

  it('refuses a file over 5 MB', async () => {
    const big = new Uint8Array(ORDER_FILE_MAX_BYTES + 1);
    big.set(PNG);
    expect(await orderFileProblem(file(big, 'huge.png'))).toBe(
      'huge.png is larger than 5 MB (5.0 MB).',
    );
  });
});
