// GET /api/user/{tagname}: the person a new conversation is with (their id makes its id).
import { api } from '@/lib/api-client';
import type { PublicUser } from '@/types/api';

export function getMember(tagname: string, options: { signal?: AbortSignal } = {}) {
  return api.get<PublicUser>(`/user/${encodeURIComponent(tagname)}`, options);
}
