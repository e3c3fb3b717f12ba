// Markdown whose library loads once the page has painted: meanwhile the text shows as plain
// paragraphs in the same place (issue 20: the Markdown library was the gig page's largest chunk,
// ~36 KB gzipped, and its description sits below the gallery, so the paint need not wait for it).
import { lazy, Suspense } from 'react';
import { plainText } from '@wayfarer/api/schemas/text';
import { useAfterFirstPaint } from '@/lib/after-paint';
import type { MarkdownProps } from './markdown';

const Markdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })));

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
  // Its download starts once the page has painted, not with the render that paints it.
  if (!useAfterFirstPaint()) return <PlainParagraphs {...props} />;
  return (
    <Suspense fallback={<PlainParagraphs {...props} />}>
      <Markdown {...props} />
    </Suspense>
  );
}
