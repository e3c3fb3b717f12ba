import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Markdown } from '@/components/ui/markdown';
import { extractHeadings } from '@/components/ui/markdown-headings';
import './content.css';

export interface ContentPageProps {
  /** The page's Markdown; its `#` heading is the page title. */
  markdown: string;
  contactHref: string;
  helpHref: string;
}

/** A Markdown content page (about, legal, guides) with an "On this page" index of its sections. */
export function ContentPage({ markdown, contactHref, helpHref }: ContentPageProps) {
  const sections = useMemo(
    () => extractHeadings(markdown).filter((heading) => heading.depth === 2),
    [markdown],
  );
  const index =
    sections.length >= 3 ? (
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <Link to={{ hash: section.id }}>{section.text}</Link>
          </li>
        ))}
      </ul>
    ) : null;

  return (
    <div className={index ? 'content-layout' : 'content-layout content-layout-single'}>
      {index && (
        <nav className="content-index" aria-label="On this page">
          <details className="content-index-mobile">
            <summary>On this page</summary>
            {index}
          </details>
          <div className="content-index-desktop">
            <p className="content-index-title">On this page</p>
            {index}
          </div>
        </nav>
      )}
      <article className="content-article">
        <Markdown className="prose">{markdown}</Markdown>
        <section className="content-help card" aria-labelledby="content-help-title">
          <h2 id="content-help-title">Still have a question?</h2>
          <p>
            Our support team usually answers within two working days. Browse{' '}
            <Link to={helpHref}>Help and Support</Link> or <Link to={contactHref}>write to us</Link>
            .
          </p>
        </section>
      </article>
    </div>
  );
}
