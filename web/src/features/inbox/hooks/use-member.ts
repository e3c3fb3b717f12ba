import { useResource } from '@/lib/use-resource';
import type { PublicUser } from '@/types/api';
import { getMember } from '../api/get-member';

export type MemberLookup =
  | { state: 'idle' | 'loading' }
  | { state: 'ready'; member: PublicUser }
  | { state: 'missing' }
  /** No answer (offline): the conversation still works by tagname. */
  | { state: 'unreachable' }
  | { state: 'error'; message: string };

/** GET /api/user/{tagname}, when `tagname` is given. */
export function useMember(tagname: string | null): MemberLookup {
  const { resource } = useResource(tagname, (signal) => getMember(tagname!, { signal }));
  if (!tagname) return { state: 'idle' };
  if (resource.status === 'loading') return { state: 'loading' };
  if (resource.status === 'ready') return { state: 'ready', member: resource.data };
  const { error } = resource;
  if (error.status === 404) return { state: 'missing' };
  return !error.isNetworkError && error.status < 500
    ? { state: 'error', message: error.message }
    : { state: 'unreachable' };
}
