import { api, type Send } from '@/lib/api-client';
import { setUser } from '@/stores/auth';
import type { User } from '@/types/api';

export interface ProfileChanges {
  full_name?: string;
  bio?: string;
  expertise?: string | null;
  location?: string | null;
  languages?: string[];
}

/** PATCH /api/user: only the fields given change. */
export async function updateProfile(changes: ProfileChanges): Promise<User> {
  const { user } = await api.patch<{ user: User }>('/user', changes);
  setUser(user);
  return user;
}

export type UploadKind = 'avatar' | 'cv';

/**
 * POST /api/user/avatar or /api/user/cv, multipart with one field `file`. The server checks the
 * content: 413 too large, 415 or 422 not an accepted type.
 */
export async function uploadFile(kind: UploadKind, file: File, send?: Send): Promise<User> {
  const body = new FormData();
  body.append('file', file);
  const { user } = await api.post<{ user: User }>(`/user/${kind}`, body, {
    send,
  });
  setUser(user);
  return user;
}
