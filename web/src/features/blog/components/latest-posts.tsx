import type { BlogPostSummary } from '@wayfarer/api/schemas';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getBlogs } from '../api/get-blogs';
import { PostCard } from './post-card';
import './blog.css';

export interface LatestPostsProps {
  hrefForPost: (slug: string) => string;
  listHref: string;
  count?: number;
}

/** The newest posts, for the home page; hidden when there are none or the blog is unreachable. */
export function LatestPosts({ hrefForPost, listHref, count = 3 }: LatestPostsProps) {
  const [posts, setPosts] = useState<BlogPostSummary[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getBlogs(1, { perPage: count, signal: controller.signal }).then(
      (list) => setPosts(list.data),
      () => {
        if (!controller.signal.aborted) setPosts([]);
      },
    );
    return () => controller.abort();
  }, [count]);

  if (posts !== null && posts.length === 0) return null;
  return (
    <section
      className="latest-posts"
      aria-labelledby="latest-posts-title"
      aria-busy={posts === null}
    >
      <div className="section-heading">
        <h2 id="latest-posts-title">From the blog</h2>
        <Link to={listHref}>All posts</Link>
      </div>
      <div className="post-grid">
        {(posts ?? []).map((post) => (
          <PostCard key={post.slug} post={post} href={hrefForPost(post.slug)} headingLevel={3} />
        ))}
        {posts === null &&
          Array.from({ length: count }, (_, i) => (
            <div key={i} className="post-card post-card-placeholder" aria-hidden="true" />
          ))}
      </div>
    </section>
  );
}
