// Message bodies are Markdown written by other people: rendered so that nothing in them can run.
// - Raw HTML is shown as the text it is (a remark step turns HTML nodes into text before they
//   could become elements; `skipHtml` stays on behind it).
// - Links keep only http, https and mailto URLs and open in a new tab without referrer or opener
//   and with nofollow; any other URL (javascript:, data:, relative ...) leaves plain text.
// - No images from URLs (a message's picture is its attachment): `![alt](url)` becomes a link.
// - Headings become bold paragraphs, so a message cannot restructure the page's outline.
import { memo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The URL when it is an absolute http, https or mailto URL; otherwise ''. */
export function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return '';
  }
  return ALLOWED_PROTOCOLS.has(parsed.protocol) ? parsed.href : '';
}

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** remark: raw HTML (block or inline) becomes text, shown as written and never parsed. */
function remarkHtmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return (tree: MdNode) => walk(tree);
}

export const LINK_REL = 'noopener noreferrer nofollow';

function SafeLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (!href) return <span className="md-unsafe-link">{children}</span>;
  return (
    <a href={href} target="_blank" rel={LINK_REL}>
      {children}
    </a>
  );
}

const BoldParagraph = ({ children }: { children?: ReactNode }) => (
  <p>
    <strong>{children}</strong>
  </p>
);

const components: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  img: ({ src, alt }) => {
    const text = alt || (typeof src === 'string' ? src : '') || 'image';
    return <SafeLink href={typeof src === 'string' ? src : undefined}>{text}</SafeLink>;
  },
  h1: BoldParagraph,
  h2: BoldParagraph,
  h3: BoldParagraph,
  h4: BoldParagraph,
  h5: BoldParagraph,
  h6: BoldParagraph,
};

const remarkPlugins = [remarkHtmlAsText];

/** A message body, rendered safely (see the top of this file). */
export const MessageMarkdown = memo(function MessageMarkdown({ body }: { body: string }) {
  return (
    <div className="md">
      <Markdown
        remarkPlugins={remarkPlugins}
        skipHtml
        urlTransform={safeUrl}
        components={components}
      >
        {body}
      </Markdown>
    </div>
  );
});
