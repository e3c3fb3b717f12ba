import { describe, expect, it } from 'vitest';
import { extractHeadings, plainHeadingText, slugify } from './markdown-headings';

describe('markdown headings', () => {
  it('slugs text for anchors', () => {
    expect(slugify('Escrow & fees: how?')).toBe('escrow-and-fees-how');
    expect(slugify('  Café día ')).toBe('cafe-dia');
  });

  it('strips inline Markdown from heading text', () => {
    expect(plainHeadingText('**Bold** and [a link](/faq) `code`')).toBe('Bold and a link code');
  });

  it('lists headings outside code fences with unique ids and their lines', () => {
    const markdown = [
      '# Title',
      '## Fees',
      '```',
      '## not a heading',
      '```',
      '### Fees',
      '#### Deep',
      '## Contact us',
    ].join('\n');
    expect(extractHeadings(markdown)).toEqual([
      { depth: 1, text: 'Title', id: 'title', line: 1 },
      { depth: 2, text: 'Fees', id: 'fees', line: 2 },
      { depth: 3, text: 'Fees', id: 'fees-2', line: 6 },
      { depth: 4, text: 'Deep', id: 'deep', line: 7 },
      { depth: 2, text: 'Contact us', id: 'contact-us', line: 8 },
    ]);
  });
});
