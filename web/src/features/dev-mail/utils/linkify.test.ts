import { describe, expect, it } from 'vitest';
import { linkify, localPath } from './linkify';

describe('linkify', () => {
  it('splits text and links, leaving sentence punctuation outside', () => {
    expect(
      linkify('Verify: http://localhost:8080/email/verify/u1?expires=1&signature=abc.\nThanks'),
    ).toEqual([
      { kind: 'text', text: 'Verify: ' },
      {
        kind: 'link',
        href: 'http://localhost:8080/email/verify/u1?expires=1&signature=abc',
        text: 'http://localhost:8080/email/verify/u1?expires=1&signature=abc',
      },
      { kind: 'text', text: '.\nThanks' },
    ]);
  });

  it('returns plain text as one part', () => {
    expect(linkify('No links here.')).toEqual([{ kind: 'text', text: 'No links here.' }]);
    expect(linkify('')).toEqual([]);
  });
});

describe('localPath', () => {
  it('turns links to this app into paths', () => {
    expect(
      localPath('http://127.0.0.1:9/password/reset/tok?email=a%40b.test', 'http://127.0.0.1:9'),
    ).toBe('/password/reset/tok?email=a%40b.test');
    expect(localPath('https://example.com/x', 'http://127.0.0.1:9')).toBeNull();
  });
});
