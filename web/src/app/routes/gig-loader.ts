// The gig page's loader, a chunk of its own: the router runs it as soon as this small module is
// in (preloaded with the shell, see vite.config.ts LANDING_ROUTES), so the gig is fetched while
// the page's code still downloads, not after it. Opened from outside, the shell already carries
// the gig (api/src/web/landing-pages.ts): no request at all before the first paint.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getGig, type Gig } from '@/features/gigs/api/gigs';
import { firstPaint } from '@/lib/after-paint';
import { takeServed } from '@/lib/page-data';
import { orNotFound } from './load';

export function gigLoader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const served = takeServed<{ gig: Gig }>(`/gigs/${encodeURIComponent(id)}`);
  if (served) {
    // The request the page would have made, once it has painted: the API counts the view as it
    // counts them (once per viewer an hour, never the owner), which a shell served to anyone
    // cannot. Its answer is not needed: the shell's copy is as old as the page.
    void firstPaint().then(() => getGig(id).catch(() => undefined));
    return served.gig;
  }
  return orNotFound(request, () => getGig(id, { signal: request.signal }));
}
