import { api } from '@/lib/api-client';
import { setUser } from '@/stores/auth';
import type { TagnameAvailability, User } from '@/types/api';

/** GET /api/tagname/availability?tagname=x: the server's normalised tagname and whether it is free. */
export function checkTagname(
  tagname: string,
  options: { signal?: AbortSignal } = {},
): Promise<TagnameAvailability> {
  return api.get<TagnameAvailability>('/tagname/availability', { ...options, query: { tagname } });
}

/** PUT /api/user/tagname: 422 on `tagname` when taken or malformed. */
export async function updateTagname(tagname: string): Promise<User> {
  const { user } = await api.put<{ user: User }>('/user/tagname', { tagname });
  setUser(user);
  return user;
}
