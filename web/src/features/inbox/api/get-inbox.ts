// GET /api/inbox: the spec's inbox call. The app reads the inbox from the user's own database;
// this answers only where that database cannot open (a browser that keeps no data).
import type { Conversation } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';

export async function getInbox(
  options: { search?: string; signal?: AbortSignal } = {},
): Promise<Conversation[]> {
  const response = await api.get<{ data: Conversation[] }>('/inbox', {
    query: { search: options.search || undefined },
    signal: options.signal,
  });
  return response.data;
}
