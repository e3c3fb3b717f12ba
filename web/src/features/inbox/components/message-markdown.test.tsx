import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LINK_REL, MessageMarkdown, safeUrl } from './message-markdown';

afterEach(() => cleanup());

function renderBody(body: string) {
  const { container } = render(<MessageMarkdown body={body} />);
  return container.querySelector('.md')!;
}

/** No element or attribute in `root` that could run script or load something. */
function expectInert(root: Element) {
  expect(
    root.querySelectorAll(
      'script, style, iframe, object, embed, img, svg, form, input, base, meta, link',
    ),
  ).toHaveLength(0);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(attribute.name).not.toMatch(/^(style|srcdoc|formaction)$/i);
      if (['href', 'src', 'action', 'xlink:href'].includes(attribute.name)) {
        expect(attribute.value).toMatch(/^(https?:|mailto:)/);
      }
    }
  }
}

describe('MessageMarkdown', () => {
  it('renders the chat rules: italic, bold, bold italic, paragraphs', () => {
    const md = renderBody('*a* _b_ **c** ***d***\n\nnext line\nsame line');
    expect([...md.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['a', 'b', 'd']);
    expect([...md.querySelectorAll('strong')].map((e) => e.textContent)).toEqual(['c', 'd']);
    expect(md.querySelector('strong > em, em > strong')?.textContent).toBe('d');
    const paragraphs = [...md.querySelectorAll('p')].map((p) => p.textContent);
    // One line break is a space in Markdown; a blank line is a new line.
    expect(paragraphs).toEqual(['a b c d', 'next line\nsame line']);
  });

  it('opens http, https and mailto links in a new tab without referrer, opener or follow', () => {
    const md = renderBody(
      '[site](https://example.com/a?b=1) [plain](http://example.org) [mail](mailto:ana@example.com) <https://auto.example>',
    );
    const links = [...md.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'http://example.org/',
      'mailto:ana@example.com',
      'https://auto.example/',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe(LINK_REL);
    }
    expectInert(md);
  });

  it.each([
    ['javascript:', '[x](javascript:alert(1))'],
    ['upper case', '[x](JaVaScRiPt:alert(1))'],
    ['entity encoded', '[x](&#106;avascript:alert(1))'],
    ['percent and tab', '[x](java%0Ascript:alert(1)) [y](<java\tscript:alert(1)>)'],
    ['leading space', '[x]( javascript:alert(1))'],
    ['vbscript', '[x](vbscript:msgbox(1))'],
    ['data', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['autolink', 'x <javascript:alert(1)>'],
    ['reference', '[x][r]\n\n[r]: javascript:alert(1)'],
    ['relative', '[x](/logout) [y](//evil.example/) [z](#top)'],
    ['file', '[x](file:///etc/passwd)'],
  ])('leaves a %s link as plain text', (_label, body) => {
    const md = renderBody(body);
    expect(md.querySelectorAll('a')).toHaveLength(0);
    expect(md.textContent).toContain('x');
    expectInert(md);
  });

  it('shows raw HTML as the text it is, never as elements', () => {
    const body = [
      '<script>alert(1)</script>',
      '',
      'inline <b onmouseover="alert(2)">bold</b> and <img src=x onerror=alert(3)>',
      '',
      '<iframe src="https://example.com"></iframe>',
      '',
      '<a href="javascript:alert(4)">raw link</a> <style>body{display:none}</style>',
      '',
      '<svg onload=alert(5)><circle/></svg>',
      '',
      '<div style="position:fixed;inset:0">cover</div>',
    ].join('\n');
    const md = renderBody(body);
    expectInert(md);
    expect(md.querySelectorAll('b, a, div, iframe')).toHaveLength(0);
    expect(md.textContent).toContain('<script>alert(1)</script>');
    expect(md.textContent).toContain('<b onmouseover="alert(2)">bold</b>');
    expect(md.textContent).toContain('<img src=x onerror=alert(3)>');
    expect(md.textContent).toContain('<a href="javascript:alert(4)">raw link</a>');
  });

  it('loads no image from a URL: an image becomes a link to it (or plain text)', () => {
    const md = renderBody(
      '![tracker](https://example.com/pixel.png) ![bad](javascript:alert(1)) ![](data:image/png;base64,AAAA)',
    );
    expect(md.querySelectorAll('img')).toHaveLength(0);
    const links = [...md.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['tracker', 'https://example.com/pixel.png'],
    ]);
    expect(md.textContent).toContain('bad');
    expectInert(md);
  });

  it('turns headings into bold paragraphs', () => {
    const md = renderBody('# Big\n\n## Smaller');
    expect(md.querySelectorAll('h1, h2, h3, h4, h5, h6')).toHaveLength(0);
    expect([...md.querySelectorAll('p > strong')].map((e) => e.textContent)).toEqual([
      'Big',
      'Smaller',
    ]);
  });

  it('keeps text that looks like markup in code as text', () => {
    const md = renderBody('`<script>alert(1)</script>`\n\n```\n<img src=x onerror=alert(1)>\n```');
    expectInert(md);
    expect(md.querySelectorAll('code')).toHaveLength(2);
    expect(md.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('safeUrl', () => {
  it('keeps absolute http, https and mailto URLs only', () => {
    expect(safeUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeUrl('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeUrl(' javascript:alert(1)')).toBe('');
    expect(safeUrl('ftp://example.com')).toBe('');
    expect(safeUrl('/relative')).toBe('');
    expect(safeUrl('')).toBe('');
  });
});
