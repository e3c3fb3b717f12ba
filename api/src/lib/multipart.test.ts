import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('uploads', () => {
  it('are read by lib/multipart.ts only: no route parses a form body itself', async () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = (await readdir(src, { recursive: true })).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const parsing = [];
    for (const file of files) {
      const text = await readFile(path.join(src, file), 'utf8');
      if (/\.(parseBody|formData)\(/.test(text)) parsing.push(file);
    }
    expect(parsing).toEqual([path.join('lib', 'multipart.ts')]);
  });
});
