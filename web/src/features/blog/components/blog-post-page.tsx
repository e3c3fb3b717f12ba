import type { BlogPost } from '@wayfarer/api/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Markdown } from '@/components/ui/markdown';
import { PostCover } from './post-cover';
import { PostMeta } from './post-meta';
import './blog.css';

export interface BlogPostPageProps {
  post: BlogPost;
  listHref: string;
  authorHref: (tagname: string) => string;
  /** The share widget, composed by the app. */
  share?: ReactNode;
}

export function BlogPostPage({ post, listHref, authorHref, share }: BlogPostPageProps) {
  return (
    <article className="blog-post" aria-labelledby="post-title">
      <header className="blog-post-header">
        <p className="eyebrow">
          <Link to={listHref}>Blog</Link>
        </p>
        <h1 id="post-title">{post.title}</h1>
        <p className="blog-post-excerpt">{post.excerpt}</p>
        <PostMeta post={post} authorHref={authorHref} />
        {share && <div className="blog-post-share">{share}</div>}
      </header>
      <PostCover slug={post.slug} cover={post.cover} className="blog-post-cover" />
      <Markdown className="prose" shiftHeadings={/^\s*#\s/.test(post.body)}>
        {post.body}
      </Markdown>
      <footer className="blog-post-footer">
        <Link to={listHref} className="button button-secondary">
          <span aria-hidden="true">←</span> All posts
        </Link>
      </footer>
    </article>
  );
}
