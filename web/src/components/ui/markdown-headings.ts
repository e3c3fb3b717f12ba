// Anchors for Markdown headings: the same id for a heading whether it is read from the source
// (a table of contents) or from the rendered text, so `#anchor` links land on it.

/** `"Escrow & fees: how?"` → `"escrow-fees-how"`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Ids in document order, a repeated one suffixed `-2`, `-3`… */
function createIdSequence(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = slugify(text) || 'section';
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  };
}

/** A heading's text without inline Markdown: links, emphasis and code marks. */
export function plainHeadingText(source: string): string {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .replace(/\s+#+\s*$/, '')
    .trim();
}

export interface Heading {
  depth: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
  id: string;
  /** 1-based line of the heading in the source: how a rendered heading finds its id. */
  line: number;
}

/** Every ATX heading (`## Title`) of `markdown` outside fenced code, with unique ids. */
export function extractHeadings(markdown: string): Heading[] {
  const nextId = createIdSequence();
  const headings: Heading[] = [];
  let inFence = false;
  markdown.split(/\r?\n/).forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) return;
    const match = /^ {0,3}(#{1,6})\s+(.+)$/.exec(line);
    if (!match?.[1] || !match[2]) return;
    const text = plainHeadingText(match[2]);
    const depth = match[1].length as Heading['depth'];
    headings.push({ depth, text, id: nextId(text), line: index + 1 });
  });
  return headings;
}
