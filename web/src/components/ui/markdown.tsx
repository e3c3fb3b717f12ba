// Markdown for content pages and blog posts, through react-markdown: no raw HTML, links inside
// the app navigate with the router, links elsewhere open in a new tab, headings get anchors.
import { Children, isValidElement, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link } from 'react-router-dom';
import { extractHeadings, slugify } from './markdown-headings';

function textOf(node: ReactNode): string {
  let text = '';
  Children.forEach(node, (child) => {
    if (typeof child === 'string' || typeof child === 'number') text += String(child);
    else if (isValidElement<{ children?: ReactNode }>(child)) text += textOf(child.props.children);
  });
  return text;
}

/** Same-origin paths go through the router; `//host` is another site. */
function isInternalHref(href: string | undefined): href is string {
  return !!href && href.startsWith('/') && !href.startsWith('//');
}

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
const TAGS: HeadingTag[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

export interface MarkdownProps {
  children: string;
  className?: string;
  /** Demote headings by one level (a text with its own `#` title under the page's h1). */
  shiftHeadings?: boolean;
}

export function Markdown({ children, className, shiftHeadings = false }: MarkdownProps) {
  // Ids by source line, as a table of contents built with `extractHeadings` has them.
  const idsByLine = useMemo(
    () => new Map(extractHeadings(children).map((heading) => [heading.line, heading.id])),
    [children],
  );

  const components = useMemo<Components>(() => {
    const heading = (level: number) => {
      const Tag = TAGS[Math.min(level + (shiftHeadings ? 1 : 0), 6) - 1] ?? 'h6';
      return function Heading({
        node,
        children: content,
        ...rest
      }: ExtraProps & { children?: ReactNode }) {
        const line = node?.position?.start.line;
        const id = (line !== undefined && idsByLine.get(line)) || slugify(textOf(content));
        return (
          <Tag {...rest} id={id || undefined}>
            {content}
          </Tag>
        );
      };
    };
    return {
      h1: heading(1),
      h2: heading(2),
      h3: heading(3),
      h4: heading(4),
      h5: heading(5),
      h6: heading(6),
      a: ({ node: _node, href, children: content, ...rest }) => {
        if (isInternalHref(href)) {
          return (
            <Link to={href} {...rest}>
              {content}
            </Link>
          );
        }
        const isWeb = !!href && /^https?:/i.test(href);
        return (
          <a
            href={href}
            {...rest}
            {...(isWeb ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {content}
          </a>
        );
      },
      img: ({ node: _node, alt, ...rest }) => <img {...rest} alt={alt ?? ''} loading="lazy" />,
    };
  }, [idsByLine, shiftHeadings]);

  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>
      <ReactMarkdown skipHtml components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
