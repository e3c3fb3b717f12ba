import { describe, expect, it } from 'vitest';
import { detectType } from './file-types';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);

describe('detectType', () => {
  it('recognises png, jpeg, webp and pdf by their first bytes', () => {
    expect(detectType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(detectType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe(
      'image/webp',
    );
    expect(detectType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(
      detectType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">')),
    ).toBeUndefined();
    expect(detectType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(detectType(new Uint8Array())).toBeUndefined();
  });
});
