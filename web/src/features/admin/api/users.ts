import { api, type QueryValue } from '@/lib/api-client';
import type { AdminUser, AdminUserPatch, AdminUserRow, ListResponse, UserDetails } from '../types';

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/** GET /api/admin/users: search (name, email, tagname), filters, sort and pages. */
export function listUsers(
  query: Record<string, QueryValue>,
  options: { signal?: AbortSignal } = {},
): Promise<ListResponse<AdminUserRow>> {
  return api.get<ListResponse<AdminUserRow>>('/admin/users', { ...options, query });
}

/** GET /api/admin/users/:id: the account, its sessions, counts and its audit trail. */
export function getUserDetails(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<UserDetails> {
  return api.get<UserDetails>(userPath(id), options);
}

/**
 * PATCH /api/admin/users/:id: role, suspension (ends every session of the user) or email
 * verification. 409 on the admin's own account.
 */
export async function updateUser(id: string, patch: AdminUserPatch): Promise<AdminUser> {
  return (await api.patch<{ user: AdminUser }>(userPath(id), patch)).user;
}

/** DELETE /api/admin/users/:id: the account, its sessions and its database. */
export async function deleteUser(id: string): Promise<void> {
  await api.delete(userPath(id));
}
