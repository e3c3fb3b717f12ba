/**
 * File types recognised by their first bytes, never by name or the client's Content-Type. The
 * web app checks picked files with the same function ('@wayfarer/api/schemas/file-types').
 */
export type DetectedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

export function detectType(bytes: Uint8Array): DetectedType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return undefined;
}

export const IMAGE_TYPES: DetectedType[] = ['image/png', 'image/jpeg', 'image/webp'];
