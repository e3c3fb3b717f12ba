import { api } from '@/lib/api-client';
import type { ContactMessage, ContactStatus, ListResponse } from '../types';

/** GET /api/admin/contact-messages: open or handled messages, newest first. */
export function listContactMessages(
  status: ContactStatus,
  page: number,
  options: { signal?: AbortSignal } = {},
): Promise<ListResponse<ContactMessage>> {
  return api.get<ListResponse<ContactMessage>>('/admin/contact-messages', {
    ...options,
    query: { status, page, per_page: 20 },
  });
}

/** PATCH /api/admin/contact-messages/:id. Ids contain ':' and are encoded. */
export function setMessageHandled(
  id: string,
  handled: boolean,
): Promise<{ id: string; handled_at: string | null }> {
  return api.patch(`/admin/contact-messages/${encodeURIComponent(id)}`, { handled });
}
