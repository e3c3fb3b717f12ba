import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { LandingPage } from './landing-pages';
import { injectPageData } from './page-data';
import { injectMeta } from './page-meta';
import { injectPreloads, routePreloads, whenChanged } from './route-preloads';

/** Files that must be revalidated on every load so a new deploy is picked up. */
const NEVER_CACHED =
  /^(index\.html|sw\.js|registerSW\.js|workbox-[^/]+\.js|manifest\.webmanifest)$/;
/** Paths that look like files: a missing one is a 404, never the app shell. */
const LOOKS_LIKE_FILE = /\.[a-z0-9]{1,8}$/i;

function cacheControl(relative: string): string {
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (NEVER_CACHED.test(relative)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html and the service worker
 * revalidated every time, and the app shell for any other non-/api path (history-style routing).
 * `landingPage` may give a path its share preview (Open Graph tags written into the shell), a
 * picture to preload and API answers to carry (landing-pages.ts); a landing page gets its own
 * script preloads (route-preloads.ts).
 */
export function webApp(
  distDir: string,
  options: { landingPage?: (pathname: string, search: string) => Promise<LandingPage | null> } = {},
): MiddlewareHandler {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const preloads = routePreloads(path.join(root, 'route-preloads.json'));
  // The shell the pages below rewrite, kept in memory until a new build replaces it.
  const shell = whenChanged(indexFile, (html) => html);

  const send = async (file: string, relative: string, method: string, status = 200) => {
    const info = await stat(file);
    const headers = new Headers({
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      'Content-Length': String(info.size),
      'Cache-Control': cacheControl(relative),
      'Last-Modified': info.mtime.toUTCString(),
    });
    if (relative === 'sw.js') headers.set('Service-Worker-Allowed', '/');
    if (method === 'HEAD') return new Response(null, { status, headers });
    const stream = Readable.toWeb(createReadStream(file)) as ReadableStream;
    return new Response(stream, { status, headers });
  };

  return async (c, next) => {
    const method = c.req.method;
    if (
      (method !== 'GET' && method !== 'HEAD') ||
      c.req.path === '/api' ||
      c.req.path.startsWith('/api/')
    ) {
      return next();
    }
    if (!existsSync(indexFile)) {
      return c.text(
        'The web app has not been built yet: run `npm run build` (npm start does it for you).',
        503,
      );
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad request', 400);
    }
    const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
    const file = path.join(root, relative);
    if (relative && !relative.startsWith('..') && file.startsWith(root + path.sep)) {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) return send(file, relative, method);
    }
    if (LOOKS_LIKE_FILE.test(relative) && !relative.endsWith('.html')) {
      return c.text('Not found', 404);
    }
    const search = new URL(c.req.url).search;
    const page = options.landingPage ? await options.landingPage(decoded, search) : null;
    const tags = await preloads.tagsFor(decoded);
    const template = page || tags ? await shell() : null;
    if (template !== null) {
      let html = injectPreloads(template, tags, page?.preloadImage);
      if (page?.meta) html = injectMeta(html, page.meta);
      if (page?.data) html = injectPageData(html, page.data);
      const headers = new Headers({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(html)),
        'Cache-Control': cacheControl('index.html'),
      });
      return new Response(method === 'HEAD' ? null : html, { status: 200, headers });
    }
    return send(indexFile, 'index.html', method);
  };
}
