import type { BlogPostSummary } from '@wayfarer/api/schemas';
import { Link } from 'react-router-dom';
import { formatPublished, formatReadingTime } from '../utils/format';

export interface PostMetaProps {
  post: Pick<BlogPostSummary, 'author' | 'published_at' | 'reading_minutes'>;
  /** The author's public profile, when they have a tagname. */
  authorHref?: (tagname: string) => string;
}

export function PostMeta({ post, authorHref }: PostMetaProps) {
  const { author } = post;
  return (
    <p className="post-meta">
      <span>
        By{' '}
        {author.tagname && authorHref ? (
          <Link to={authorHref(author.tagname)}>{author.full_name}</Link>
        ) : (
          author.full_name
        )}
      </span>
      <span aria-hidden="true">·</span>
      <time dateTime={post.published_at}>{formatPublished(post.published_at)}</time>
      <span aria-hidden="true">·</span>
      <span>{formatReadingTime(post.reading_minutes)}</span>
    </p>
  );
}
