import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { checkFile } from './file-upload';
import { parseLanguages, profileValuesOf } from './profile-form';

describe('parseLanguages', () => {
  it('splits on commas, trims and drops empties and duplicates', () => {
    expect(parseLanguages('English, spanish ,, Greek, english')).toEqual([
      'English',
      'spanish',
      'Greek',
    ]);
    expect(parseLanguages('  ')).toEqual([]);
  });
});

describe('profileValuesOf', () => {
  it('turns nulls into empty fields and languages into text', () => {
    expect(profileValuesOf(makeUser({ languages: ['English', 'Greek'] }))).toEqual({
      full_name: 'Sofia Marquez',
      tagname: 'sofia',
      bio: '',
      expertise: '',
      location: '',
      languages: 'English, Greek',
    });
  });
});

describe('checkFile', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'f', { type });

  it('accepts what the server accepts', () => {
    expect(checkFile('avatar', file('image/png', 1000))).toBeNull();
    expect(checkFile('avatar', file('image/webp', 2 * 1024 * 1024))).toBeNull();
    expect(checkFile('cv', file('application/pdf', 5 * 1024 * 1024))).toBeNull();
  });

  it('refuses missing, too large and wrong types with a sentence', () => {
    expect(checkFile('avatar', null)).toBe('Choose a photo first.');
    expect(checkFile('avatar', file('image/png', 2 * 1024 * 1024 + 1))).toBe(
      'The photo must be 2 MB or smaller.',
    );
    expect(checkFile('avatar', file('image/gif', 10))).toBe(
      'The photo must be a PNG, JPEG or WebP image.',
    );
    expect(checkFile('cv', file('application/msword', 10))).toBe('The CV must be a PDF file.');
  });
});
