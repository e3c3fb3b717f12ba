// The blog: the list of posts and a post, served by the API.
import type { BlogPost, BlogPostSummary, ListResponse } from '@wayfarer/api/schemas';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { ShareWidget } from '@/components/ui/share-widget';
import { getBlogPost } from '@/features/blog/api/get-blog-post';
import { getBlogs } from '@/features/blog/api/get-blogs';
import { BlogListPage } from '@/features/blog/components/blog-list-page';
import { BlogPostPage } from '@/features/blog/components/blog-post-page';
import { buildPath, notFoundPathFor } from '@/config/paths';

export { PageError as ErrorBoundary } from '../page-error';
import { absoluteUrl, orNotFound } from './load';

function pageOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  const page = raw === null ? 1 : Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : Number.NaN;
}

export async function blogListLoader({ request }: LoaderFunctionArgs) {
  const page = pageOf(request);
  const pathname = new URL(request.url).pathname;
  if (Number.isNaN(page)) throw redirect(notFoundPathFor(pathname));
  const list = await orNotFound(request, () => getBlogs(page, { signal: request.signal }));
  // A page past the end is not a page.
  if (page > 1 && page > list.meta.last_page) throw redirect(notFoundPathFor(pathname));
  return list;
}

const pageHref = (page: number) =>
  page === 1 ? buildPath('blogs') : buildPath('blogs', undefined, { page: String(page) });
const postHref = (slug: string) => buildPath('blogs.show', { slug });

export function BlogList() {
  const list = useLoaderData<ListResponse<BlogPostSummary>>();
  return <BlogListPage list={list} hrefForPost={postHref} hrefForPage={pageHref} />;
}

export function blogPostLoader({ params, request }: LoaderFunctionArgs) {
  return orNotFound(request, () => getBlogPost(params.slug ?? '', { signal: request.signal }));
}

export function BlogPostView() {
  const post = useLoaderData<BlogPost>();
  return (
    <BlogPostPage
      post={post}
      listHref={buildPath('blogs')}
      authorHref={(tagname) => buildPath('user.info', { tagname })}
      share={
        <ShareWidget
          url={absoluteUrl(postHref(post.slug))}
          title={post.title}
          description={post.excerpt}
          quote={post.excerpt}
          hashtags="travel,wayfarermarket"
          media={post.cover ? absoluteUrl(post.cover) : undefined}
        />
      }
    />
  );
}
