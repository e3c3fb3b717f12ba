import { api } from '@/lib/api-client';
import type { MessageResponse } from '@/types/api';

/** POST /api/password/email: the same answer whether or not the address has an account. */
export function requestPasswordReset(input: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/password/email', input);
}

export interface ResetPasswordInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** POST /api/password/reset: single use; a bad or used token is a 422 on `email` or `token`. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/password/reset', input);
}
