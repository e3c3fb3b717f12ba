// Markdown whose library loads once the page has painted: meanwhile the text shows as plain
// paragraphs in the same place (issue 20: the Markdown library was the gig page's largest chunk,
// ~36 KB gzipped, and its description sits below the gallery, so the paint need not wait for it).
// A text without Markdown syntax stays as its plain paragraphs: the library is not loaded (its
// download, parse and render were the gig page's largest work after the first paint).
import { lazy, Suspense } from 'react';
import { plainText } from '@wayfarer/api/schemas/text';
import { useAfterFirstPaint } from '@/lib/after-paint';
import type { MarkdownProps } from './markdown';

const Markdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })));

/**
 * Whatever Markdown (CommonMark, no raw HTML, no GFM) could render other than as plain
 * paragraphs: a character that may be syntax (emphasis, code, links, escapes, entities, HTML,
 * headings, quotes, tables), a line that may open a list, a setext heading, a rule or indented
 * code, or a hard line break. Conservative: it may say yes to text Markdown renders plainly.
 */
const MARKDOWN_SYNTAX = /[\\`*_[\]<>#&|~]|^\s*(?:[-+=]|\d+[.)])|^(?: {4}|\t)| {2,}$/m;

/** Whether `source` needs the Markdown library: plain prose (most descriptions) does not. */
export const needsMarkdown = (source: string): boolean => MARKDOWN_SYNTAX.test(source);

/** The source's paragraphs as plain text: what the Markdown will show, without its marks. */
function PlainParagraphs({ children, className }: MarkdownProps) {
  const paragraphs = children
    .split(/\n\s*\n/)
    .map((paragraph) => plainText(paragraph, Infinity))
    .filter(Boolean);
  return (
    <div className={className}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

export function LazyMarkdown(props: MarkdownProps) {
  // Its download starts once the page has painted, not with the render that paints it; and
  // never for a text without Markdown (its plain paragraphs are what Markdown would show).
  const painted = useAfterFirstPaint();
  if (!painted || !needsMarkdown(props.children)) return <PlainParagraphs {...props} />;
  return (
    <Suspense fallback={<PlainParagraphs {...props} />}>
      <Markdown {...props} />
    </Suspense>
  );
}
