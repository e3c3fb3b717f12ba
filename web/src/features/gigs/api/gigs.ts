// The gigs API (issue 8 contract) as the explore and gig pages use it. Shapes come from the API's
// schemas (types only: no validation code reaches the bundle).
import type { Gig, GigSummary, ListResponse, PublicUser } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';
import { toApiQuery, type GigFilters } from '../utils/filters';

export type { Gig, PublicUser };

export type GigList = ListResponse<GigSummary> & { meta: { total_capped?: boolean } };

type Options = { signal?: AbortSignal };

/** GET /api/gigs with the explore filters (prices in minor units). */
export function searchGigs(filters: GigFilters, perPage?: number, options: Options = {}) {
  return api.get<GigList>('/gigs', { ...options, query: toApiQuery(filters, perPage) });
}

/** GET /api/gigs/:id: one gig (404 for an unknown one, or a draft or paused one of someone else). */
export async function getGig(id: string, options: Options = {}): Promise<Gig> {
  return (await api.get<{ gig: Gig }>(`/gigs/${encodeURIComponent(id)}`, options)).gig;
}

/** GET /api/user/{tagname}: the agent's public profile, for the agent card. */
export function getAgent(tagname: string, options: Options = {}): Promise<PublicUser> {
  return api.get<PublicUser>(`/user/${encodeURIComponent(tagname)}`, options);
}

/** GET /api/users/{tagname}/gigs: an agent's active gigs, newest first (their public profile). */
export async function listAgentGigs(tagname: string, options: Options = {}) {
  return (
    await api.get<{ data: GigSummary[] }>(`/users/${encodeURIComponent(tagname)}/gigs`, options)
  ).data;
}
