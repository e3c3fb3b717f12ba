import type { BlogPost } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';

/** GET /api/blogs/:slug: one published post with its Markdown body (404 otherwise). */
export function getBlogPost(slug: string, options: { signal?: AbortSignal } = {}) {
  return api.get<BlogPost>(`/blogs/${encodeURIComponent(slug)}`, options);
}
