import type { ContactMessageRequest } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';
import type { MessageResponse } from '@/types/api';

/** POST /api/contact: stored for the admins; the sender gets a confirmation mail. */
export function sendContactMessage(message: ContactMessageRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/contact', message);
}
