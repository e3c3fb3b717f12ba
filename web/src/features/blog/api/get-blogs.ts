import type { BlogPostSummary, ListResponse } from '@wayfarer/api/schemas';
import { api } from '@/lib/api-client';

const BLOG_PAGE_SIZE = 9;

/** GET /api/blogs: published posts, newest first. */
export function getBlogs(
  page: number,
  options: { perPage?: number; signal?: AbortSignal } = {},
): Promise<ListResponse<BlogPostSummary>> {
  return api.get<ListResponse<BlogPostSummary>>('/blogs', {
    query: { page, per_page: options.perPage ?? BLOG_PAGE_SIZE },
    signal: options.signal,
  });
}
