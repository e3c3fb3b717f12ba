import { api, type Send } from '@/lib/api-client';
import type { AdminBlogPost, BlogFormValues } from '../types';

const postPath = (slug: string) => `/admin/blog/${encodeURIComponent(slug)}`;

/** The body the API takes: an empty slug lets the server make one from the title. */
function toInput(values: BlogFormValues) {
  const slug = values.slug.trim();
  return {
    title: values.title,
    excerpt: values.excerpt,
    body: values.body,
    status: values.status,
    ...(slug ? { slug } : {}),
  };
}

/** GET /api/admin/blog: drafts and published posts, last changed first. */
export async function listPosts(options: { signal?: AbortSignal } = {}): Promise<AdminBlogPost[]> {
  return (await api.get<{ data: AdminBlogPost[] }>('/admin/blog', options)).data;
}

export async function getPost(
  slug: string,
  options: { signal?: AbortSignal } = {},
): Promise<AdminBlogPost> {
  return (await api.get<{ post: AdminBlogPost }>(postPath(slug), options)).post;
}

export async function createPost(values: BlogFormValues): Promise<AdminBlogPost> {
  return (await api.post<{ post: AdminBlogPost }>('/admin/blog', toInput(values))).post;
}

/** PUT /api/admin/blog/:slug: publishing and unpublishing are changes of `status`. */
export async function updatePost(slug: string, values: BlogFormValues): Promise<AdminBlogPost> {
  return (await api.put<{ post: AdminBlogPost }>(postPath(slug), toInput(values))).post;
}

export async function deletePost(slug: string): Promise<void> {
  await api.delete(postPath(slug));
}

/** POST /api/admin/blog/:slug/cover: PNG, JPEG or WebP up to 2 MB, in the field `file`. */
export async function uploadCover(slug: string, file: File, send?: Send): Promise<AdminBlogPost> {
  const body = new FormData();
  body.append('file', file);
  return (
    await api.post<{ post: AdminBlogPost }>(`${postPath(slug)}/cover`, body, {
      send,
    })
  ).post;
}

export const postToFormValues = (post: AdminBlogPost): BlogFormValues => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  body: post.body,
  status: post.status,
});
