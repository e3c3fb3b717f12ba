// What the server adds to the app shell of a landing page (static.ts): a gig page's share
// preview (crawlers run no script), the picture a phone paints largest, preloaded with the shell,
// and the API answers the page asks for first (page-data.ts), so its first paint does not wait
// for a request its code would start only once it is in.
import type { AppDeps } from '../context';
import { AppError } from '../lib/errors';
import { getGig, searchGigs } from '../routes/gigs/gigs.service';
import { gigSearchSchema } from '../schemas';
import { pageDataKey } from '../schemas/page-data';
import { plainText } from '../schemas/text';
import type { PageMeta } from './page-meta';

export interface LandingPage {
  /** Share tags (page-meta.ts). */
  meta?: PageMeta;
  /** A path of this site, preloaded with the shell at high priority. */
  preloadImage?: string | null;
  /** API answers by pageDataKey. */
  data?: Record<string, unknown>;
}

const GIG_PATH = /^\/gigs\/([A-Za-z0-9_-]{1,64})\/?$/;
const EXPLORE_PATH = /^\/explore\/?$/;
/**
 * The search the explore page sends without filters (web/src/features/gigs/utils/filters.ts
 * `toApiQuery(EMPTY_FILTERS)`): a test checks that the page asks for this very key.
 */
const EXPLORE_QUERY = { sort: 'relevance', page: 1, per_page: 20 };

type Deps = Pick<AppDeps, 'couch' | 'logger' | 'publicUrl' | 'env'>;

/**
 * `/gigs/:id` of an active gig (drafts, paused and unknown gigs get the plain shell, which shows
 * the 404 page in the browser): its preview, its first picture, and GET /api/gigs/:id's answer
 * as an anonymous visitor gets it (a published gig reads the same for everyone). `/explore`
 * without a query: the first page of gigs and its first picture.
 */
export function landingPages(deps: Deps) {
  return async (pathname: string, search: string): Promise<LandingPage | null> => {
    try {
      const gigMatch = GIG_PATH.exec(pathname);
      if (gigMatch) return await gigPage(deps, gigMatch[1]!);
      if (EXPLORE_PATH.test(pathname) && !search) return await explorePage(deps);
      return null;
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      // Never worth a failed page: the shell alone still works, the page asks for what it needs.
      deps.logger.warn({ err: error, pathname }, 'could not prepare the landing page');
      return null;
    }
  };
}

async function gigPage(deps: Deps, id: string): Promise<LandingPage> {
  // As an anonymous visitor: only a published gig, and no view counted (the page's own request
  // for the gig, made once it has painted, counts the viewer: web/src/app/routes/gig-loader.ts).
  const gig = await getGig(deps, id, undefined);
  const base = deps.publicUrl();
  const picture = gig.images[0] ?? null;
  return {
    meta: {
      title: gig.title,
      description: plainText(gig.description),
      url: `${base}/gigs/${encodeURIComponent(gig.id)}`,
      image: picture ? `${base}${picture}` : null,
    },
    // The gallery's first picture: what a phone paints largest on the gig page.
    preloadImage: picture,
    data: { [pageDataKey(`/gigs/${encodeURIComponent(gig.id)}`)]: { gig } },
  };
}

async function explorePage(deps: Deps): Promise<LandingPage> {
  const list = await searchGigs(
    deps,
    gigSearchSchema.parse(
      Object.fromEntries(Object.entries(EXPLORE_QUERY).map(([k, v]) => [k, String(v)])),
    ),
  );
  return {
    // The first card's picture is the largest thing a phone paints on Explore.
    preloadImage: list.data[0]?.image ?? null,
    data: { [pageDataKey('/gigs', EXPLORE_QUERY)]: list },
  };
}
