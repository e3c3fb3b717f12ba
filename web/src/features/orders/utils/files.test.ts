import { describe, expect, it } from 'vitest';
import { addOrderFiles, checkOrderFile, ORDER_FILE_MAX_BYTES } from './files';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%fake');
const file = (bytes: Uint8Array | string, name: string, type = 'image/png') =>
  new File([bytes as BlobPart], name, { type });

describe('checkOrderFile', () => {
  it('takes images and PDFs by their content', async () => {
    expect(await checkOrderFile(file(PNG, 'plan.png'))).toEqual({ ok: true });
    expect(await checkOrderFile(file(PDF, 'tickets.pdf', 'application/pdf'))).toEqual({
      ok: true,
    });
  });

  it('refuses a file whose name or type lies', async () => {
    expect(await checkOrderFile(file('hello', 'fake.png'))).toEqual({
      ok: false,
      error: 'fake.png is not a PNG, JPEG or WebP image or a PDF.',
    });
  });

  it('refuses a file over 5 MB', async () => {
    const big = new Uint8Array(ORDER_FILE_MAX_BYTES + 1);
    big.set(PNG);
    expect(await checkOrderFile(file(big, 'huge.png'))).toEqual({
      ok: false,
      error: 'huge.png is larger than 5 MB (5.0 MB).',
    });
  });
});

describe('addOrderFiles', () => {
  it('keeps the good files, up to five, and says why the others were left out', async () => {
    const current = [1, 2, 3, 4].map((n) => file(PNG, `${n}.png`));
    const { files, errors } = await addOrderFiles(current, [
      file('nope', 'notes.txt', 'text/plain'),
      file(PNG, '5.png'),
      file(PNG, '6.png'),
    ]);
    expect(files.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(errors).toEqual([
      'notes.txt is not a PNG, JPEG or WebP image or a PDF.',
      '6.png was left out: at most 5 files.',
    ]);
  });
});
