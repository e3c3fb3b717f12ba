// Share previews for pages of the single-page app. Crawlers (chat apps, social networks) read the
// HTML and run no script, so the server writes a page's Open Graph tags into index.html itself.
import { escapeHtml } from '../lib/html';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  image: string | null;
}

/** index.html with the page's title, description and share tags (every value escaped). */
export function injectMeta(html: string, meta: PageMeta): string {
  const title = `${meta.title} · Wayfarer Market`;
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'Wayfarer Market'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
    ...(meta.image ? [['og:image', meta.image]] : []),
  ]
    .map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`,
    )
    .concat(
      `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
      `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    )
    .join('\n    ');
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  const existing = /<meta\s+name="description"[^>]*>/i;
  // Replacer functions: a `$` in a title must stay a `$`, never a replacement pattern.
  let out = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`);
  const head = existing.test(out) ? tags : `${description}\n    ${tags}`;
  out = out.replace(existing, () => description);
  if (/<\/head>/i.test(out)) return out.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
  return out.replace(/<\/title>/i, () => `</title>\n${head}`);
}
