import { render } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { firstPaint } from '@/lib/after-paint';
import { LazyMarkdown, needsMarkdown } from './lazy-markdown';

// The Markdown library, replaced: a render of it is seen by its mark.
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./markdown', () => ({
  Markdown: ({ children }: { children: string }) => {
    loaded.count++;
    return <div data-markdown>{children}</div>;
  },
}));

describe('needsMarkdown', () => {
  it.each([
    'A morning walk through the old town, with tea (and dates) at 10 a.m.',
    "Two paragraphs.\n\nThe second one: it's longer; it ends here!",
    'Prices from €20 for 3 hours, 50% off in June? Ask me.',
    'A line\nbroken in the source (a soft break).',
  ])('says no to plain prose, whatever its punctuation: %j', (text) => {
    expect(needsMarkdown(text)).toBe(false);
  });

  it.each([
    'A **bold** walk.',
    'An _emphasis_.',
    '`code`',
    'A [link](https://example.com).',
    '# A heading',
    'Title\n=====',
    '- Tea\n- Dates',
    '+ Tea',
    '1. First\n2. Second',
    '2) Second',
    '> A quote',
    'Fish &amp; chips',
    'An <b>HTML</b> tag',
    'A hard  \nbreak',
    'A hard\\\nbreak',
    'Text\n\n    indented code',
    '~~~\nfenced\n~~~',
    '| a | b |',
  ])('says yes to anything Markdown could render otherwise: %j', (text) => {
    expect(needsMarkdown(text)).toBe(true);
  });
});

describe('LazyMarkdown with plain text', () => {
  it('keeps the plain paragraphs and never loads the Markdown library', async () => {
    const { container } = render(
      <LazyMarkdown className="markdown">{'A morning walk.\n\nTea at the market.'}</LazyMarkdown>,
    );
    // Past the first paint, and the renders that follow it.
    await act(async () => {
      await firstPaint();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(loaded.count).toBe(0);
    expect(container.querySelector('[data-markdown]')).toBeNull();
    expect([...container.querySelectorAll('.markdown p')].map((p) => p.textContent)).toEqual([
      'A morning walk.',
      'Tea at the market.',
    ]);
  });

  it('loads it for a text with Markdown', async () => {
    const { findByText } = render(<LazyMarkdown>{'A **bold** walk.'}</LazyMarkdown>);
    expect(await findByText('A **bold** walk.', { selector: '[data-markdown]' })).toBeTruthy();
    expect(loaded.count).toBeGreaterThan(0);
  });
});
