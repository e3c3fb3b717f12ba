import { ATTACHMENT_MAX_BYTES } from '@wayfarer/api/schemas/userdb-rules';
import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  checkAttachment,
  formatSize,
  SIZE_ERROR,
  sniffType,
  TYPE_ERROR,
} from './attachments';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF');
const WEBP = bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ');
const PDF = bytes('%PDF-1.7\n');

describe('attachments', () => {
  it('recognises PNG, JPEG, WebP and PDF by their first bytes only', () => {
    expect(sniffType(PNG)).toBe('image/png');
    expect(sniffType(JPEG)).toBe('image/jpeg');
    expect(sniffType(WEBP)).toBe('image/webp');
    expect(sniffType(PDF)).toBe('application/pdf');
    expect(sniffType(bytes('<svg onload="alert(1)">'))).toBeNull();
    expect(sniffType(bytes('<html><script>'))).toBeNull();
    expect(sniffType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffType(bytes('GIF89a'))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });

  it('checks a picked file by content and size, whatever its name and declared type', async () => {
    const fake = Object.assign(new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), {
      name: 'photo.png',
    });
    expect(await checkAttachment(fake)).toEqual({ ok: false, error: TYPE_ERROR });
    const real = Object.assign(new Blob([PDF], { type: 'text/plain' }), { name: 'plan.txt' });
    expect(await checkAttachment(real)).toEqual({
      ok: true,
      type: 'application/pdf',
      name: 'plan.pdf',
    });
    const huge = Object.assign(new Blob([PNG, new Uint8Array(ATTACHMENT_MAX_BYTES)]), {
      name: 'huge.png',
    });
    expect(await checkAttachment(huge)).toEqual({ ok: false, error: SIZE_ERROR });
    const empty = Object.assign(new Blob([]), { name: 'empty.png' });
    expect(await checkAttachment(empty)).toEqual({ ok: false, error: TYPE_ERROR });
  });

  it('names attachments safely, with the extension of their real type', () => {
    expect(attachmentName('Venue photo.PNG', 'image/png')).toBe('Venue photo.png');
    expect(attachmentName('_design.pdf', 'application/pdf')).toBe('design.pdf');
    expect(attachmentName('../../etc/passwd', 'image/jpeg')).toBe('etcpasswd.jpg');
    expect(attachmentName('', 'image/webp')).toBe('attachment.webp');
    expect(attachmentName('Café Olé.jpeg', 'image/jpeg')).toBe('Cafe Ole.jpg');
    expect(attachmentName(`${'x'.repeat(300)}.pdf`, 'application/pdf')).toHaveLength(94);
  });

  it('formats sizes', () => {
    expect(formatSize(120)).toBe('120 bytes');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
