import { describe, expect, it } from 'vitest';
import { plainPreview } from './preview';

describe('plainPreview', () => {
  it('keeps the words of a Markdown message on one line', () => {
    expect(plainPreview('**Hello** *there*, ***both*** and _you_')).toBe(
      'Hello there, both and you',
    );
    expect(plainPreview('[the plan](https://example.com) `code`\n\n# Title\n- item')).toBe(
      'the plan code Title item',
    );
    expect(plainPreview('<b>raw</b>')).toBe('<b>raw</b>');
  });

  it('shortens long messages', () => {
    expect(plainPreview('word '.repeat(100), 20)).toBe('word word word word…');
  });
});
