// Share previews for pages of the single-page app. Crawlers (chat apps, social networks) read the
// HTML and run no script, so the server writes a page's Open Graph tags into index.html itself.
import type { AppDeps } from '../context';
import { AppError } from '../lib/errors';
import { escapeHtml } from '../lib/html';
import { getGigDoc, imageUrl } from '../routes/gigs/gigs.service';
import { plainText } from '../schemas/text';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  image: string | null;
  /** The page's largest picture (a path of this site), preloaded with the shell. */
  preloadImage?: string | null;
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

const GIG_PATH = /^\/gigs\/([A-Za-z0-9_-]{1,64})\/?$/;

/**
 * The preview of `/gigs/:id` for an active gig, or null (unknown, draft or paused gigs get the
 * plain app shell, which shows the 404 page in the browser).
 */
export function gigPageMeta(deps: Pick<AppDeps, 'couch' | 'logger' | 'publicUrl'>) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const match = GIG_PATH.exec(pathname);
    if (!match) return null;
    try {
      // The gig alone (not its owner, as GET /api/gigs/:id reads): only a published one.
      const gig = await getGigDoc(deps, match[1]!);
      if (gig.status !== 'active') return null;
      const base = deps.publicUrl();
      return {
        title: gig.title,
        description: plainText(gig.description),
        url: `${base}/gigs/${encodeURIComponent(gig.id)}`,
        image: gig.images[0] ? `${base}${imageUrl(gig, gig.images[0].id)}` : null,
        // The gallery's first picture: what a phone paints largest on the gig page.
        preloadImage: gig.images[0] ? imageUrl(gig, gig.images[0].id) : null,
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      // A preview is never worth a failed page: the shell still works.
      deps.logger.warn({ err: error, pathname }, 'could not build the page preview');
      return null;
    }
  };
}
