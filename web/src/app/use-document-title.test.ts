import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, resolveDescription, resolveTitle } from './use-document-title';

describe('document title', () => {
  it('formats a route title with the app name, or the app name alone', () => {
    expect(formatDocumentTitle('Log In')).toBe('Log In · Wayfarer Market');
    expect(formatDocumentTitle('')).toBe('Wayfarer Market');
    expect(formatDocumentTitle(undefined)).toBe('Wayfarer Market');
  });

  it('takes the deepest route title', () => {
    const matches = [
      { handle: { title: 'Agent' }, params: {} },
      { handle: undefined, params: {} },
      { handle: { title: 'My Orders' }, params: {} },
    ];
    expect(resolveTitle(matches, '')).toBe('My Orders');
    expect(resolveTitle(matches.slice(0, 2), '')).toBe('Agent');
    expect(resolveTitle([{ handle: undefined, params: {} }], '')).toBeUndefined();
  });

  it('uses the navigation title on a route with a tagname', () => {
    const matches = [{ handle: { title: 'Profile' }, params: { tagname: 'ana_guide' } }];
    expect(resolveTitle(matches, 'Ana Guide (@ana_guide)')).toBe('Ana Guide (@ana_guide)');
    expect(resolveTitle(matches, '')).toBe('Profile');
  });
});

describe('titles and descriptions from loader data', () => {
  it('reads a function of the loader data', () => {
    const matches = [
      { handle: { title: 'Blogs' }, params: {} },
      {
        handle: {
          title: (data: unknown) => (data as { title: string }).title,
          description: (data: unknown) => (data as { excerpt: string }).excerpt,
        },
        params: { slug: 'a' },
        data: { title: 'A post', excerpt: 'About it.' },
      },
    ];
    expect(resolveTitle(matches, '')).toBe('A post');
    expect(resolveDescription(matches)).toBe('About it.');
    expect(resolveDescription(matches.slice(0, 1))).toBeUndefined();
  });
});
