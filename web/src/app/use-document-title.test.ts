import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, resolveTitle } from './use-document-title';

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
