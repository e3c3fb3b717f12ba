// People search (issue 20): GET /api/users/search, for the header search's results. Shapes from
// the API's contract (types only).
import type { ListResponse, MemberSummary } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';

export type { MemberSummary };

type PeopleList = ListResponse<MemberSummary> & { meta: { total_capped?: boolean } };

/** Members whose tagname starts with `q` (`@` optional) or whose name has its words. */
export function searchPeople(
  q: string,
  page: number,
  perPage: number,
  options: { signal?: AbortSignal } = {},
) {
  return api.get<PeopleList>('/users/search', {
    ...options,
    query: { q, page, per_page: perPage },
  });
}
