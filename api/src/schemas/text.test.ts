import { describe, expect, it } from 'vitest';
import { plainText } from './text';

describe('plainText', () => {
  it('drops Markdown syntax and joins lines', () => {
    expect(plainText('## Day one\n\nWalk **Gorée** with [a guide](/x).\n\n- Ferry\n- Lunch')).toBe(
      'Day one Walk Gorée with a guide. Ferry Lunch',
    );
  });

  it('cuts long text at a word with an ellipsis', () => {
    const text = plainText('word '.repeat(100), 22);
    expect(text).toBe('word word word word…');
    expect(text.length).toBeLessThanOrEqual(23);
  });
});
