import { api } from '@/lib/api-client';
import type { PublicUser } from '@/types/api';

/** GET /api/user/{tagname}: a public profile (never the email); 404 when nobody has it. */
export function getPublicUser(
  tagname: string,
  options: { signal?: AbortSignal } = {},
): Promise<PublicUser> {
  return api.get<PublicUser>(`/user/${encodeURIComponent(tagname)}`, options);
}
