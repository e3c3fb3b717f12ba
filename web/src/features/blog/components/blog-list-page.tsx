import type { BlogPostSummary, ListResponse } from '@wayfarer/api/schemas';
import { Pagination } from '@/components/ui/pagination';
import { PostCard } from './post-card';
import './blog.css';

export interface BlogListPageProps {
  list: ListResponse<BlogPostSummary>;
  hrefForPost: (slug: string) => string;
  hrefForPage: (page: number) => string;
}

export function BlogListPage({ list, hrefForPost, hrefForPage }: BlogListPageProps) {
  const { data, meta } = list;
  return (
    <div className="blog-list-page">
      <header className="page-intro">
        <p className="eyebrow">The Wayfarer Market blog</p>
        <h1>Stories and guides from the road</h1>
        <p className="page-intro-lead">
          How travel professionals build their business, how customers plan trips and events that
          work, and what we are building next.
        </p>
      </header>
      {data.length === 0 ? (
        <div className="card empty-card">
          <h2>No posts yet</h2>
          <p className="muted">The first stories are on their way. Check back soon.</p>
        </div>
      ) : (
        <div className="post-grid">
          {data.map((post) => (
            <PostCard key={post.slug} post={post} href={hrefForPost(post.slug)} />
          ))}
        </div>
      )}
      <Pagination
        page={meta.page}
        lastPage={meta.last_page}
        hrefFor={hrefForPage}
        label="Blog pages"
      />
    </div>
  );
}
