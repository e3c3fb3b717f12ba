// The gig page's loader, a chunk of its own: the router runs it as soon as this small module is
// in (preloaded with the shell, see vite.config.ts LANDING_ROUTES), so the gig is fetched while
// the page's code still downloads, not after it.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getGig } from '@/features/gigs/api/gigs';
import { orNotFound } from './load';

export function gigLoader({ params, request }: LoaderFunctionArgs) {
  return orNotFound(request, () => getGig(params.id ?? '', { signal: request.signal }));
}
