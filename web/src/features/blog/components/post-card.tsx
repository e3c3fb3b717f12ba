import type { BlogPostSummary } from '@wayfarer/api/schemas';
import { Link } from 'react-router-dom';
import { PostCover } from './post-cover';
import { formatPublished, formatReadingTime } from '../utils/format';

export interface PostCardProps {
  post: BlogPostSummary;
  href: string;
  /** Heading level inside the page's outline. */
  headingLevel?: 2 | 3;
}

/** A post in a list: the whole card is one link, named by the title. */
export function PostCard({ post, href, headingLevel = 2 }: PostCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      <PostCover slug={post.slug} cover={post.cover} />
      <div className="post-card-body">
        <Heading className="post-card-title">
          <Link to={href}>{post.title}</Link>
        </Heading>
        <p className="post-card-excerpt">{post.excerpt}</p>
        <p className="post-meta post-card-meta">
          <span className="post-card-author">{post.author.full_name}</span>
          <time dateTime={post.published_at}>{formatPublished(post.published_at)}</time>
          <span aria-hidden="true">·</span>
          <span>{formatReadingTime(post.reading_minutes)}</span>
        </p>
      </div>
    </article>
  );
}
