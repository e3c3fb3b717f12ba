// The preloads of the page a visitor lands on. The web build writes index.html with the
// `<link rel="modulepreload">` tags of `/` between two markers, and `route-preloads.json` with
// those of every landing page (web/vite.config.ts, LANDING_ROUTES). Serving the shell for one of
// those pages, the API puts that page's own tags in the block, so /explore or a gig page
// downloads its layout and page with the entry, not one round trip after it (and not `/`'s).
import { readFile, stat } from 'node:fs/promises';
import { escapeHtml } from '../lib/html';

const BLOCK = /<!--route-preloads-->[\s\S]*?<!--\/route-preloads-->/;
/** Only tags the build writes, pointing at built assets: anything else in the file is ignored. */
const TAG =
  /^<link rel="(?:modulepreload|preload" as="style)" crossorigin href="\/assets\/[\w.-]+">$/;

interface Route {
  pattern: RegExp;
  tags: string[];
}

/** `/gigs/:id` → a RegExp matching `/gigs/x` (one segment per parameter, optional trailing slash). */
function compile(route: string): RegExp {
  const source = route
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

function parse(json: string): Route[] {
  const data = JSON.parse(json) as unknown;
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>).flatMap(([route, tags]) =>
    route.startsWith('/') && Array.isArray(tags)
      ? [
          {
            pattern: compile(route),
            tags: tags.filter((tag): tag is string => typeof tag === 'string' && TAG.test(tag)),
          },
        ]
      : [],
  );
}

/**
 * `file` parsed by `parse`, read again only when its modification time changes (a new build under
 * a running server): a request costs a `stat`, not a read. A missing or unreadable file gives
 * null.
 */
export function whenChanged<T>(file: string, parse: (text: string) => T) {
  let cached: { mtimeMs: number; value: T | null } | null = null;
  return async (): Promise<T | null> => {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    if (cached?.mtimeMs !== info.mtimeMs) {
      const value = await readFile(file, 'utf8')
        .then(parse)
        .catch(() => null);
      cached = { mtimeMs: info.mtimeMs, value };
    }
    return cached.value;
  };
}

/**
 * The landing pages' preloads of the build in `file`. A missing or unreadable file means no page
 * gets its own.
 */
export function routePreloads(file: string) {
  const load = whenChanged(file, parse);
  return {
    /** The tags of the page at `pathname`, or null when it is not a landing page. */
    async tagsFor(pathname: string): Promise<string[] | null> {
      const route = (await load())?.find((r) => r.pattern.test(pathname));
      return route ? route.tags : null;
    },
  };
}

/**
 * `html` with the preload block holding `tags` and, first, a high-priority preload of the
 * page's largest picture when known. Without a block (an older build), `html` as it is.
 */
export function injectPreloads(
  html: string,
  tags: string[] | null,
  image: string | null | undefined,
): string {
  if (!BLOCK.test(html)) return html;
  return html.replace(BLOCK, (block) => {
    const lines = [
      ...(image
        ? [`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}">`]
        : []),
      ...(tags ??
        block
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => TAG.test(line))),
    ];
    return ['<!--route-preloads-->', ...lines, '<!--/route-preloads-->'].join('\n    ');
  });
}
