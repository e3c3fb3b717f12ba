import { api } from '@/lib/api-client';
import type { MessageResponse } from '@/types/api';

/** POST /api/email/verify/{id} with the mailed link's `expires` and `signature`; no auth needed. */
export function verifyEmail(
  id: string,
  link: { expires: string; signature: string },
): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/email/verify/${encodeURIComponent(id)}`, link);
}

/** POST /api/email/resend: 202, a new verification mail to the signed-in user. */
export function resendVerification(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/email/resend');
}
