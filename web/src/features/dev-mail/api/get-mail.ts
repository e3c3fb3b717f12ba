import { api } from '@/lib/api-client';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** GET /api/dev/mail: the local outbox, newest first; 404 in production. */
export function getDevMail(options: { signal?: AbortSignal } = {}): Promise<{ data: DevMail[] }> {
  return api.get<{ data: DevMail[] }>('/dev/mail', options);
}
