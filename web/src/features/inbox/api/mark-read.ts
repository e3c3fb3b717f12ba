import { api } from '@/lib/api-client';

/**
 * POST /api/inbox/{conversationId}/read: the server marks the conversation read now. The read
 * marker in the user's database says the same through sync; this makes the receipt immediate
 * while online (and does not depend on the marker's update reaching the server, see
 * use-read-receipts.ts).
 */
export function markReadOnline(conversationId: string): Promise<void> {
  return api.post<void>(`/inbox/${encodeURIComponent(conversationId)}/read`);
}
