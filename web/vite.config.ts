import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

/**
 * Which build this is, as `<meta name="wayfarer-build">` in index.html: the only file a build id
 * changes, so two builds of the same sources stay byte-identical except there (and the service
 * worker, which precaches index.html by revision). Set WAYFARER_BUILD_ID to tell deploys apart.
 */
const buildId = process.env.WAYFARER_BUILD_ID ?? 'local';

function buildIdMeta(): Plugin {
  return {
    name: 'wayfarer-build-id',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'wayfarer-build', content: buildId }, injectTo: 'head' },
    ],
  };
}

/**
 * What each page that visitors land on needs before it can render, beyond the entry: the lazy
 * chunks of its layout and route module (with their static imports), and their styles. Keys are
 * route patterns of config/paths.ts; values are modules of the route table (router.tsx,
 * routes/public.tsx, routes/gig-routes.ts). A module that no longer has a chunk fails the build.
 */
const LANDING_ROUTES: Record<string, string[]> = {
  '/': ['src/app/layouts/wide-layout.tsx', 'src/app/routes/home.tsx'],
  '/explore': ['src/app/layouts/default-layout.tsx', 'src/app/routes/explore.tsx'],
  '/gigs/:id': [
    'src/app/layouts/default-layout.tsx',
    'src/app/routes/gig-loader.ts',
    'src/app/routes/gigs.tsx',
  ],
  '/services/:id': ['src/app/layouts/default-layout.tsx', 'src/app/routes/service.tsx'],
  '/login': ['src/app/layouts/default-layout.tsx', 'src/app/routes/auth.tsx'],
  '/register': ['src/app/layouts/default-layout.tsx', 'src/app/routes/auth.tsx'],
};

/** Marks the block of landing preloads in index.html, which the API swaps for the page's own. */
const PRELOADS_START = '<!--route-preloads-->';
const PRELOADS_END = '<!--/route-preloads-->';

/**
 * `<link rel="modulepreload">` (and style preloads) so that a landing page downloads its layout
 * and page with the entry instead of one round trip after it. index.html carries those of `/`
 * between PRELOADS_START and PRELOADS_END; `route-preloads.json` lists every LANDING_ROUTES
 * page's tags, and the API serving index.html for such a page puts its own in that block
 * (api/src/web/route-preloads.ts). Other pages get `/`'s: a few kilobytes of shared shell.
 */
function preloadLandingChunks(routes: Record<string, string[]>): Plugin {
  let routePreloads: Record<string, string[]> | undefined;
  return {
    name: 'wayfarer-preload-landing',
    apply: 'build',
    // After Vite's HTML plugin, whose generateBundle runs transformIndexHtml below.
    generateBundle: {
      order: 'post',
      handler() {
        if (!routePreloads) throw new Error('preloadLandingChunks: index.html was not built');
        this.emitFile({
          type: 'asset',
          fileName: 'route-preloads.json',
          source: `${JSON.stringify(routePreloads, null, 2)}\n`,
        });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (roots: Rollup.OutputChunk[]) => {
          const files = new Set<string>();
          const visit = (chunk: Rollup.OutputChunk | undefined) => {
            if (!chunk || files.has(chunk.fileName)) return;
            files.add(chunk.fileName);
            for (const file of chunk.imports) visit(byFile.get(file));
          };
          roots.forEach(visit);
          return files;
        };
        const inEntry = withImports(chunks.filter((chunk) => chunk.isEntry));
        const tagsFor = (modules: string[]) => {
          const roots = modules.map((id) => {
            const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(id));
            if (!chunk) throw new Error(`preloadLandingChunks: no chunk for ${id}`);
            return chunk;
          });
          const files = [...withImports(roots)].filter((file) => !inEntry.has(file));
          const styles = new Set(
            files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]),
          );
          return [
            ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...[...styles].map(
              (file) => `<link rel="preload" as="style" crossorigin href="/${file}">`,
            ),
          ];
        };
        const pages = Object.fromEntries(
          Object.entries(routes).map(([route, modules]) => [route, tagsFor(modules)]),
        );
        routePreloads = pages;
        const block = [PRELOADS_START, ...(pages['/'] ?? []), PRELOADS_END].join('\n    ');
        return html.replace('</head>', `    ${block}\n  </head>`);
      },
    },
  };
}

const THEME_COLOR = '#0b5c6b';

/** Whether a module id (a path, either slash) is one of `files` (paths from the repository root). */
const isOneOf = (files: readonly string[]) => (id: string) =>
  files.some((file) => id.replaceAll('\\', '/').endsWith(`/${file}`));

/**
 * The modules Explore and a gig page share that `/` never loads (the gigs and wishlists API and
 * cards, money, the page's first answer, the local database, avatar, modal, the prefetch of gig
 * pages): merged into one chunk (`gig-pages`). Without it they were twelve chunks of 0.3-3 KB.
 */
const GIG_PAGES_SHARED = [
  'web/src/lib/money.ts',
  'web/src/lib/page-data.ts',
  'api/src/schemas/page-data.ts',
  'web/src/lib/local-db.ts',
  'web/src/lib/local-db-docs.ts',
  'api/src/schemas/userdb-rules.ts',
  'api/src/schemas/wishlist-image.ts',
  'web/src/components/ui/avatar.tsx',
  'web/src/components/ui/modal.tsx',
  'web/src/components/ui/modal.css',
  'web/src/features/gigs/api/gigs.ts',
  'web/src/features/gigs/api/prefetch.ts',
  'web/src/features/gigs/utils/filters.ts',
  'web/src/features/gigs/hooks/use-prefetch-gigs.ts',
  'web/src/features/gigs/components/rating.tsx',
  'web/src/features/gigs/components/gig-card.tsx',
  'web/src/features/gigs/components/featured-gigs.tsx',
  'web/src/features/gigs/hooks/use-gig-search.ts',
  'web/src/features/gigs/components/gigs.css',
  'web/src/features/wishlists/api/wishlists.ts',
  'web/src/features/wishlists/components/save-to-wishlist-dialog.tsx',
  'web/src/features/wishlists/components/wishlists.css',
  'web/src/features/wishlists/components/wishlist-button.tsx',
  'web/src/app/routes/gig-links.tsx',
  'web/src/app/routes/gig-prefetch.tsx',
  'web/src/app/routes/gig-sections.tsx',
];
const gigPagesShared = isOneOf(GIG_PAGES_SHARED);

/**
 * What every page's layout renders before its first paint (the site header and footer, their
 * menus and hooks, the header's status slot) and what most landing pages' routes import with
 * it (`format`, the route error page): one chunk (`site-shell`) instead of nine of 1-4 KB, each a
 * round trip on a phone that fetches a few files at a time (issue 20). Every layout needs them.
 */
const SITE_SHELL = [
  'web/src/app/layouts/site-shell.tsx',
  'web/src/app/layouts/site-header.tsx',
  'web/src/app/layouts/site-footer.tsx',
  'web/src/app/layouts/services-menu.tsx',
  'web/src/app/layouts/brand.tsx',
  'web/src/app/layouts/header-status.tsx',
  'web/src/app/page-error.tsx',
  'web/src/components/ui/breakpoints.ts',
  'web/src/components/ui/dropdown.tsx',
  'web/src/components/ui/service-icon.tsx',
  'web/src/features/dev-mail/hooks/use-dev-mail-available.ts',
  'web/src/features/services/api/get-services.ts',
  'web/src/features/services/hooks/use-services.ts',
  'web/src/lib/format.ts',
  'web/src/lib/use-resource.ts',
];
const siteShell = isOneOf(SITE_SHELL);

/**
 * What the gig page's route module imports beyond the modules it shares with Explore: the share
 * widget, the agent's reputation, order links, the not-found helper its loader uses. One chunk
 * (`gig-page`) instead of six of 1-3 KB before its first paint (issue 20); the service, profile,
 * blog and order pages that import one of them fetch it whole (a few KB more, fewer files).
 */
const GIG_PAGE = [
  'web/src/app/routes/load.ts',
  'web/src/app/routes/order-links.ts',
  'web/src/components/ui/share-widget.tsx',
  'web/src/components/ui/share-networks.ts',
  'web/src/features/reputation/components/agent-reputation.tsx',
  'web/src/features/reputation/components/level-badge.tsx',
  'web/src/features/reputation/api/reputation.ts',
  'web/src/features/reputation/utils/format.ts',
  'api/src/schemas/reputation.ts',
];
const gigPage = isOneOf(GIG_PAGE);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    buildIdMeta(),
    preloadLandingChunks(LANDING_ROUTES),
    VitePWA({
      strategies: 'generateSW',
      // The update prompt (features/pwa) decides when a new version takes over.
      registerType: 'prompt',
      // Registered by the app with workbox-window after the page loaded; the CSP allows no
      // inline script, and registerSW.js would register before first paint.
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Wayfarer Market',
        short_name: 'Wayfarer',
        description:
          'Hire travel agents, tour guides, chefs, photographers and event specialists, or offer your own travel services. Works offline.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['travel', 'business', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The app shell: every built script, style, page and icon (the build manifest is not one).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Not the API reference's viewer (features/developers/utils/swagger-ui.ts: about 460 KB
        // compressed), which only that developers' page loads, online.
        globIgnores: ['.vite/**', 'assets/swagger-ui-*'],
        // Offline navigations get the app shell; /api is never answered with it.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // The first visit is controlled at once, so it works offline without a reload.
        clientsClaim: true,
        // A new version waits for the user's Reload (the prompt sends SKIP_WAITING).
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Public content read offline after one visit: the categories, service pages and
            // the blog. Network first: fresh when online, the last copy when not.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              /^\/api\/(getServices$|services\/[^/]+$|blogs(\/[^/]+){0,2}$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'wayfarer-public-content',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 80, maxAgeSeconds: 7 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Gigs opened recently or saved to a wishlist (fetched in the background, see
            // features/gigs/api/prefetch.ts) open offline: one gig and its pictures, never a
            // search or any other /api path, never a navigation. Network first, so an online
            // visit always shows the gig as it is now.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              request.mode !== 'navigate' &&
              /^\/api\/gigs\/[A-Za-z0-9_-]+(\/images\/[A-Za-z0-9_-]+)?$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'wayfarer-gigs',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Public profiles seen before open offline (issue 20): the profile, its public
            // wishlists, an agent's reputation, reviews, active gigs and portfolio. Tagnames are
            // [a-z0-9_]{3,30}, so the signed-in member's own paths (/api/user/payout-methods)
            // never match.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              request.mode !== 'navigate' &&
              /^\/api\/(user\/[a-z0-9_]{3,30}(\/wishlists)?|users\/[a-z0-9_]{3,30}\/(reputation|reviews|gigs|portfolio))$/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'wayfarer-profiles',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `vite preview` reuses this proxy (preview.proxy defaults to server.proxy).
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which files each entry and route needs (the budget test reads it).
    manifest: true,
    // Hashed names: the API serves `assets/` with a long immutable cache.
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // The app's state library, with React it needs, is one chunk of its own: its modules then
        // never follow which lazy views import them. (When the chat layout stopped importing the
        // local database, valtio's React bindings left the API client's chunk for a chunk of
        // their own, and `/` paid for the extra file.)
        codeSplitting: {
          groups: [
            {
              name: 'react-valtio',
              test: /node_modules[\\/](valtio|proxy-compare|react)[\\/]/,
            },
            // The layouts' shell: every page needs it before its first paint.
            { name: 'site-shell', test: siteShell },
            // What Explore and a gig page both need before their first paint and `/` does not:
            // one file instead of a dozen small ones, which a phone fetches a few at a time.
            { name: 'gig-pages', test: gigPagesShared },
            // The gig page's own: one file instead of six.
            { name: 'gig-page', test: gigPage },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
});
