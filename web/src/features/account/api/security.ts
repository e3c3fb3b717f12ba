import { api } from '@/lib/api-client';
import type { MessageResponse } from '@/types/api';

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** PUT /api/user/password: every other session ends; this one keeps working. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return api.put<MessageResponse>('/user/password', input);
}

/** DELETE /api/user: 204; 422 on `password` when it is wrong. */
export async function deleteAccount(input: { password: string }): Promise<void> {
  await api.delete<void>('/user', input);
}
