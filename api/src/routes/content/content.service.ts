import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { isNotFound } from '../../couch/errors';
import { notFound } from '../../lib/errors';
import { contactConfirmationMail } from '../../mail/templates';
import type {
  BlogPost,
  BlogPostSummary,
  ContactMessageRequest,
  ListResponse,
  ServiceDetail,
} from '../../schemas';
import { DELETED_USER, usersByIds } from '../users/users.lookup';
import { type UserDoc } from '../users/users.model';

type Deps = Pick<AppDeps, 'couch' | 'mailer' | 'logger'>;

export interface ServiceDoc {
  _id: string;
  type: 'service';
  name: string;
  description: string;
  icon: string | null;
  status: 'active' | 'inactive';
  position: number;
}

/** A public service page: active services only. */
export async function getService(deps: Deps, id: string): Promise<ServiceDetail> {
  try {
    const doc = (await deps.couch.db('catalog').get(`service:${id}`)) as unknown as ServiceDoc;
    if (doc.type !== 'service' || doc.status !== 'active') throw notFound('No such service.');
    return { id, name: doc.name, description: doc.description, icon: doc.icon ?? null };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such service.');
    throw error;
  }
}

/** Stores a contact-us message for the admins and confirms receipt to the sender. */
export async function submitContactMessage(
  deps: Deps,
  input: ContactMessageRequest,
  meta: { ip: string; userId: string | null },
) {
  const createdAt = new Date().toISOString();
  const id = `contact:${createdAt}:${randomBytes(4).toString('hex')}`;
  await deps.couch.db('content').insert({
    _id: id,
    type: 'contact_message',
    ...input,
    email: input.email.toLowerCase(),
    user_id: meta.userId,
    ip: meta.ip,
    created_at: createdAt,
    handled_at: null,
  } as never);
  await deps.mailer.send(contactConfirmationMail(input.email, input.name, input.subject));
  return { id };
}

export interface BlogDoc {
  _id: string;
  type: 'blog_post';
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover: string | null;
  status: 'published' | 'draft';
  author_id: string;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

const readingMinutes = (markdown: string) =>
  Math.max(1, Math.round(markdown.split(/\s+/).length / 200));

function summary(doc: BlogDoc, author: UserDoc | undefined): BlogPostSummary {
  return {
    slug: doc.slug,
    title: doc.title,
    excerpt: doc.excerpt,
    cover: doc.cover,
    // An author who deleted their account still wrote the post.
    author: author
      ? { full_name: author.full_name, tagname: author.tagname }
      : { full_name: DELETED_USER.full_name, tagname: DELETED_USER.tagname },
    published_at: doc.published_at!,
    reading_minutes: readingMinutes(doc.body),
  };
}

/** Published posts, newest first, from the `blog/published` view (counted by its reduce). */
export async function listPublishedPosts(
  deps: Deps,
  page: number,
  perPage: number,
): Promise<ListResponse<BlogPostSummary>> {
  const db = deps.couch.db('content');
  const counted = await db.view('blog', 'published', { reduce: true });
  const total = Number(counted.rows[0]?.value ?? 0);
  const rows = await db.view('blog', 'published', {
    reduce: false,
    descending: true,
    include_docs: true,
    skip: (page - 1) * perPage,
    limit: perPage,
  });
  const docs = rows.rows.map((r) => r.doc as unknown as BlogDoc);
  const authors = await usersByIds(
    deps,
    docs.map((d) => d.author_id),
  );
  return {
    data: docs.map((d) => summary(d, authors.get(d.author_id))),
    meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

export async function getPublishedPost(deps: Deps, slug: string): Promise<BlogPost> {
  let doc: BlogDoc;
  try {
    doc = (await deps.couch.db('content').get(`blog:${slug}`)) as unknown as BlogDoc;
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such blog post.');
    throw error;
  }
  if (doc.status !== 'published' || !doc.published_at) throw notFound('No such blog post.');
  const authors = await usersByIds(deps, [doc.author_id]);
  return { ...summary(doc, authors.get(doc.author_id)), body: doc.body };
}

export async function blogCover(
  deps: Deps,
  slug: string,
): Promise<{ data: Buffer; contentType: string }> {
  const db = deps.couch.db('content');
  try {
    const doc = (await db.get(`blog:${slug}`)) as unknown as BlogDoc & {
      _attachments?: Record<string, { content_type: string }>;
    };
    const att = doc._attachments?.cover;
    if (doc.status !== 'published' || !att) throw notFound('No cover for this post.');
    return {
      data: await db.attachment.get(`blog:${slug}`, 'cover'),
      contentType: att.content_type,
    };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No cover for this post.');
    throw error;
  }
}
