import { describe, expect, it } from 'vitest';
import { plainPreview } from './plain-text';

describe('plainPreview', () => {
  it('drops emphasis and code marks', () => {
    expect(plainPreview('Hello **Omar**')).toBe('Hello Omar');
    expect(plainPreview('**Hello** *there*, ***both*** and _you_ and __all__')).toBe(
      'Hello there, both and you and all',
    );
    expect(plainPreview('Run `npm ci` or ``a `b` c``')).toBe('Run npm ci or a `b` c');
    expect(plainPreview('`*not* emphasis` and snake_case_name')).toBe(
      '*not* emphasis and snake_case_name',
    );
  });

  it('keeps the text of links and the alt text of images', () => {
    expect(plainPreview('See [the plan](https://example.com "Plan") now')).toBe('See the plan now');
    expect(plainPreview('![a map](https://example.com/map.png) attached')).toBe('a map attached');
    expect(plainPreview('Ask [me][1].\n\n[1]: https://example.com')).toBe('Ask me.');
    expect(plainPreview('Mail <mailto:amara@example.com>')).toBe('Mail mailto:amara@example.com');
    // The server shortens a notification's body, which may cut a link in two.
    expect(plainPreview('Read [the itinerary](https://example.com/very-lo…')).toBe(
      'Read the itinerary',
    );
  });

  it('drops heading, quote and list marks and joins the lines', () => {
    expect(plainPreview('# Title ##\n\nIntro\n===\n\n> quoted\n> > twice')).toBe(
      'Title Intro quoted twice',
    );
    expect(plainPreview('- one\n* two\n+ three\n1. four\n2) five\n- [x] done')).toBe(
      'one two three four five done',
    );
    expect(plainPreview('Line one  \nline two\\\nline three\r\n\r\n---\n\nafter')).toBe(
      'Line one line two line three after',
    );
    expect(plainPreview('```ts\nconst a = 1;\n```')).toBe('const a = 1;');
  });

  it('leaves plain text, escaped marks and raw HTML as written', () => {
    expect(plainPreview('5 * 3 = 15, #1 pick - really')).toBe('5 * 3 = 15, #1 pick - really');
    expect(plainPreview('\\*not bold\\* and \\# not a heading')).toBe(
      '*not bold* and # not a heading',
    );
    expect(plainPreview('<b>raw</b>')).toBe('<b>raw</b>');
    expect(plainPreview('Mount Kenya Safari, Day 2')).toBe('Mount Kenya Safari, Day 2');
  });

  it('shortens long texts without splitting a character', () => {
    expect(plainPreview('word '.repeat(100), 20)).toBe('word word word word…');
    expect(plainPreview('🌍'.repeat(10), 5)).toBe('🌍🌍🌍🌍…');
    expect(plainPreview('**short**', 20)).toBe('short');
  });
});
