// Blocking (online actions): a blocked member's messages are refused by the server.
import type { Person } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';

/** GET /api/inbox/blocked: the people the signed-in user blocked. */
export async function getBlocked(options: { signal?: AbortSignal } = {}): Promise<Person[]> {
  return (await api.get<{ data: Person[] }>('/inbox/blocked', options)).data;
}

/** POST /api/inbox/blocked */
export function blockMember(tagname: string): Promise<void> {
  return api.post<void>('/inbox/blocked', { tagname });
}

/** DELETE /api/inbox/blocked/{tagname} */
export function unblockMember(tagname: string): Promise<void> {
  return api.delete<void>(`/inbox/blocked/${encodeURIComponent(tagname)}`);
}
