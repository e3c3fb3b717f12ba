import { randomBytes } from 'node:crypto';
import { isConflict, isNotFound } from '../../couch/errors';
import { conflict, notFound, ValidationError } from '../../lib/errors';
import type { BlogInput } from '../../schemas';
import type { BlogDoc } from '../content/content.service';
import type { UserDoc } from '../users/users.model';
import { audit } from './admin-audit.service';
import { slugify, type Deps } from './admin-shared';

async function blogOr404(deps: Deps, slug: string) {
  try {
    return (await deps.couch.db('content').get(`blog:${slug}`)) as unknown as BlogDoc & {
      _rev: string;
    };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such post.');
    throw error;
  }
}

const blogView = (doc: BlogDoc) => ({
  slug: doc.slug,
  title: doc.title,
  excerpt: doc.excerpt,
  body: doc.body,
  cover: doc.cover,
  status: doc.status,
  published_at: doc.published_at,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
});

export async function listBlogPosts(deps: Deps) {
  const rows = await deps.couch
    .db('content')
    .list({ startkey: 'blog:', endkey: 'blog:\ufff0', include_docs: true });
  return rows.rows
    .map((r) => blogView(r.doc as unknown as BlogDoc))
    .sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''));
}

export async function getBlogPost(deps: Deps, slug: string) {
  return blogView(await blogOr404(deps, slug));
}

export async function createBlogPost(deps: Deps, actor: UserDoc, input: BlogInput) {
  const slug = input.slug ?? slugify(input.title);
  if (!slug) throw ValidationError.field('slug', 'Choose a slug with letters or digits.');
  const now = new Date().toISOString();
  const doc: BlogDoc = {
    _id: `blog:${slug}`,
    type: 'blog_post',
    slug,
    title: input.title,
    excerpt: input.excerpt,
    body: input.body,
    cover: null,
    status: input.status,
    author_id: actor.id,
    published_at: input.status === 'published' ? now : null,
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.couch.db('content').insert(doc as never);
  } catch (error) {
    if (isConflict(error)) throw ValidationError.field('slug', 'A post with this slug exists.');
    throw error;
  }
  await audit(deps, actor, 'blog.create', doc._id, null, {
    title: input.title,
    status: input.status,
  });
  return blogView(doc);
}

export async function updateBlogPost(deps: Deps, actor: UserDoc, slug: string, input: BlogInput) {
  const doc = await blogOr404(deps, slug);
  if (input.slug && input.slug !== slug)
    throw ValidationError.field('slug', 'The slug of a post cannot change.');
  const now = new Date().toISOString();
  const next: BlogDoc & { _rev: string } = {
    ...doc,
    title: input.title,
    excerpt: input.excerpt,
    body: input.body,
    status: input.status,
    published_at: input.status === 'published' ? (doc.published_at ?? now) : null,
    updated_at: now,
  };
  try {
    await deps.couch.db('content').insert(next as never);
  } catch (error) {
    if (isConflict(error)) throw conflict('This post was changed meanwhile. Reload and try again.');
    throw error;
  }
  const action =
    doc.status !== input.status
      ? input.status === 'published'
        ? 'blog.publish'
        : 'blog.unpublish'
      : 'blog.update';
  await audit(
    deps,
    actor,
    action,
    doc._id,
    { title: doc.title, status: doc.status },
    { title: input.title, status: input.status },
  );
  return blogView(next);
}

export async function deleteBlogPost(deps: Deps, actor: UserDoc, slug: string) {
  const doc = await blogOr404(deps, slug);
  await deps.couch.db('content').destroy(doc._id, doc._rev);
  await audit(deps, actor, 'blog.delete', doc._id, { title: doc.title, status: doc.status }, null);
}

export async function setBlogCover(
  deps: Deps,
  actor: UserDoc,
  slug: string,
  data: Buffer,
  contentType: string,
) {
  const doc = await blogOr404(deps, slug);
  const version = randomBytes(6).toString('hex');
  const next = {
    ...doc,
    cover: `/api/blogs/${slug}/cover?v=${version}`,
    updated_at: new Date().toISOString(),
    _attachments: { cover: { content_type: contentType, data: data.toString('base64') } },
  };
  await deps.couch.db('content').insert(next as never);
  await audit(deps, actor, 'blog.cover', doc._id, { cover: doc.cover }, { cover: next.cover });
  return blogView(next);
}
