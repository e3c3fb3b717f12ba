import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { deletePost, listPosts, postToFormValues, updatePost } from '../api/blog';
import { useConfirm } from '@/components/ui/use-confirm';
import { useResource } from '@/lib/use-resource';
import type { AdminBlogPost } from '../types';
import { formatDate, plural } from '@/lib/format';
import { LoadState } from './load-state';
import './admin.css';

/** Where the public blog shows a post. */
export const publicPostPath = (slug: string) => buildPath('blogs.show', { slug });

/** /admin/blog: drafts and published posts. */
export function BlogPage() {
  const { resource, reload, setData } = useResource('blog', (signal) => listPosts({ signal }));
  const { ask, dialog } = useConfirm();

  const togglePublished = (post: AdminBlogPost) => {
    const publish = post.status !== 'published';
    ask({
      title: `${publish ? 'Publish' : 'Unpublish'} “${post.title}”?`,
      body: publish ? (
        <p>The post appears on the public blog at once.</p>
      ) : (
        <p>The post leaves the public blog and goes back to the drafts.</p>
      ),
      confirmLabel: publish ? 'Publish' : 'Unpublish',
      tone: publish ? 'default' : 'danger',
      run: async () => {
        const saved = await updatePost(post.slug, {
          ...postToFormValues(post),
          status: publish ? 'published' : 'draft',
        });
        setData((posts) => posts.map((p) => (p.slug === saved.slug ? saved : p)));
      },
      successMessage: publish
        ? `“${post.title}” is published.`
        : `“${post.title}” is a draft again.`,
    });
  };

  const remove = (post: AdminBlogPost) =>
    ask({
      title: `Delete “${post.title}”?`,
      body: <p>The post and its cover are removed for good. This cannot be undone.</p>,
      confirmLabel: 'Delete post',
      tone: 'danger',
      run: async () => {
        await deletePost(post.slug);
        setData((posts) => posts.filter((p) => p.slug !== post.slug));
      },
      successMessage: `“${post.title}” was deleted.`,
    });

  return (
    <div className="admin-page">
      <div className="page-heading">
        <div>
          <h1>Blog</h1>
          <p className="muted">Posts in Markdown. Published posts are on the public blog.</p>
        </div>
        <Link to={buildPath('admin.blog.create')} className="button">
          New post
        </Link>
      </div>
      <LoadState resource={resource} onRetry={reload} what="posts">
        {(posts) => (
          <>
            <p className="list-count">
              {plural(posts.length, 'post')}, {posts.filter((p) => p.status === 'published').length}{' '}
              published.
            </p>
            <ul className="post-list">
              {posts.map((post) => {
                const isPublished = post.status === 'published';
                return (
                  <li key={post.slug} className="card post-row">
                    {post.cover ? (
                      <img className="post-cover" src={post.cover} alt="" width={96} height={64} />
                    ) : (
                      <span className="post-cover post-cover-empty" aria-hidden="true" />
                    )}
                    <div className="post-main">
                      <h2>
                        <Link to={buildPath('admin.blog.edit', { slug: post.slug })}>
                          {post.title}
                        </Link>
                      </h2>
                      <p className="muted">
                        <span className="badge" data-tone={isPublished ? 'ok' : 'off'}>
                          {isPublished ? 'Published' : 'Draft'}
                        </span>{' '}
                        {isPublished
                          ? `Published ${formatDate(post.published_at)}`
                          : `Last changed ${formatDate(post.updated_at)}`}{' '}
                        · /{post.slug}
                      </p>
                    </div>
                    <div className="row-actions">
                      {isPublished && (
                        <Link
                          className="button button-ghost button-small"
                          to={publicPostPath(post.slug)}
                          aria-label={`View “${post.title}” on the blog`}
                        >
                          View
                        </Link>
                      )}
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={() => togglePublished(post)}
                        aria-label={`${isPublished ? 'Unpublish' : 'Publish'} “${post.title}”`}
                      >
                        {isPublished ? 'Unpublish' : 'Publish'}
                      </button>
                      <button
                        type="button"
                        className="button button-ghost button-small button-danger-text"
                        onClick={() => remove(post)}
                        aria-label={`Delete “${post.title}”`}
                      >
                        Delete
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </LoadState>
      {dialog}
    </div>
  );
}
