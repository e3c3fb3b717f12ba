import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { AppError, conflict, notFound, ValidationError } from '../../lib/errors';
import type {
  AdminStats,
  AdminUserPatch,
  AdminUserRow,
  AuditEntry,
  BlogInput,
  ListResponse,
  ServiceInput,
} from '../../schemas';
import type { BlogDoc, ServiceDoc } from '../content/content.service';
import { describeAgent, getUser, removeAccount, saveUser } from '../users/accounts.service';
import { invalidateActiveServices } from '../services/services.service';
import { userKey, type UserDoc } from '../users/users.model';
import { toUser } from '../users/users.view';

type Deps = Pick<
  AppDeps,
  'couch' | 'logger' | 'mailer' | 'jwtSecret' | 'publicUrl' | 'liveSessions'
>;

const paginate = <T>(items: T[], page: number, perPage: number): ListResponse<T> => ({
  data: items.slice((page - 1) * perPage, page * perPage),
  meta: {
    page,
    per_page: perPage,
    total: items.length,
    last_page: Math.max(1, Math.ceil(items.length / perPage)),
  },
});

/** Every admin action is written here: who, what, when, before and after. */
async function audit(
  deps: Deps,
  actor: UserDoc,
  action: string,
  target: string,
  before: unknown,
  after: unknown,
) {
  const at = new Date().toISOString();
  await deps.couch.db('content').insert({
    _id: `audit:${at}:${randomBytes(4).toString('hex')}`,
    type: 'audit',
    actor: { id: actor.id, full_name: actor.full_name },
    action,
    target,
    before: before ?? null,
    after: after ?? null,
    at,
  } as never);
}

export async function listAudit(
  deps: Deps,
  page: number,
  perPage: number,
  target?: string,
): Promise<ListResponse<AuditEntry>> {
  const db = deps.couch.db('content');
  const toEntry = (doc: Record<string, unknown>): AuditEntry => ({
    id: String(doc._id),
    actor: doc.actor as AuditEntry['actor'],
    action: String(doc.action),
    target: String(doc.target),
    before: doc.before,
    after: doc.after,
    at: String(doc.at),
  });
  if (target) {
    const rows = await db.view('audit', 'by_target', {
      startkey: [target, {}],
      endkey: [target, ''],
      descending: true,
      include_docs: true,
    });
    return paginate(
      rows.rows.map((r) => toEntry(r.doc as unknown as Record<string, unknown>)),
      page,
      perPage,
    );
  }
  const total = Number((await db.view('audit', 'by_time', { reduce: true })).rows[0]?.value ?? 0);
  const rows = await db.view('audit', 'by_time', {
    reduce: false,
    descending: true,
    include_docs: true,
    skip: (page - 1) * perPage,
    limit: perPage,
  });
  return {
    data: rows.rows.map((r) => toEntry(r.doc as unknown as Record<string, unknown>)),
    meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

export async function stats(deps: Deps): Promise<AdminStats> {
  const users = deps.couch.db('users');
  const byRole = await users.view('accounts', 'by_role_day', { group_level: 1 });
  const byRoleCounts: Record<string, number> = {};
  for (const row of byRole.rows)
    byRoleCounts[(row.key as unknown as string[])[0]!] = Number(row.value);
  const since = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const perDay = await users.view('accounts', 'by_role_day', { group_level: 2 });
  const days = new Map<string, Record<string, number>>();
  for (let i = 0; i < 30; i++)
    days.set(new Date(Date.now() - (29 - i) * 86_400_000).toISOString().slice(0, 10), {});
  for (const row of perDay.rows) {
    const [role, day] = row.key as unknown as [string, string];
    if (day >= since && days.has(day)) days.get(day)![role] = Number(row.value);
  }
  const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  const active = await users.view('accounts', 'active_by_day', {
    startkey: [weekAgo],
    endkey: [{}],
    group_level: 2,
  });
  const activeUsers = new Set(active.rows.map((r) => (r.key as unknown as string[])[1]));
  const directory = await users.view<{ verified: boolean }>('accounts', 'directory');

  const catalog = deps.couch.db('catalog');
  const services = await catalog.list({
    startkey: 'service:',
    endkey: 'service:\ufff0',
    include_docs: true,
  });
  const gigCounts = await catalog.view('gigs', 'by_service', { group: true });
  const gigsOf = new Map(gigCounts.rows.map((r) => [String(r.key), Number(r.value)]));

  const content = deps.couch.db('content');
  const contact = await content.view('contact', 'by_state', { group_level: 1 });
  const contactCount = (state: string) =>
    Number(contact.rows.find((r) => (r.key as unknown as string[])[0] === state)?.value ?? 0);
  const published = await content.view('blog', 'published', { reduce: true });

  return {
    users: {
      total: Object.values(byRoleCounts).reduce((a, b) => a + b, 0),
      by_role: byRoleCounts,
      active_7d: activeUsers.size,
      verified: directory.rows.filter((r) => r.value.verified).length,
    },
    signups_per_day: [...days].map(([day, counts]) => ({ day, counts })),
    services: services.rows.map((r) => {
      const doc = r.doc as unknown as ServiceDoc;
      const id = doc._id.slice('service:'.length);
      return { id, name: doc.name, status: doc.status, gig_count: gigsOf.get(id) ?? 0 };
    }),
    contact_messages: { open: contactCount('open'), handled: contactCount('handled') },
    blog: { published: Number(published.rows[0]?.value ?? 0) },
  };
}

export async function listUsers(
  deps: Deps,
  query: {
    search?: string;
    role?: string;
    status?: string;
    verified?: string;
    sort: string;
    page: number;
    per_page: number;
  },
): Promise<ListResponse<AdminUserRow>> {
  const rows = await deps.couch
    .db('users')
    .view<Omit<AdminUserRow, 'id' | 'created_at'>>('accounts', 'directory');
  const needle = query.search?.toLowerCase();
  const users = rows.rows
    .map((r) => ({ id: r.id.slice('user:'.length), created_at: String(r.key), ...r.value }))
    .filter(
      (u) =>
        (!needle ||
          u.full_name.toLowerCase().includes(needle) ||
          u.email.includes(needle) ||
          (u.tagname ?? '').includes(needle)) &&
        (!query.role || u.role === query.role) &&
        (!query.status || u.status === query.status) &&
        (!query.verified || String(u.verified) === query.verified),
    );
  users.sort((a, b) =>
    query.sort === 'name'
      ? a.full_name.localeCompare(b.full_name)
      : query.sort === 'oldest'
        ? a.created_at.localeCompare(b.created_at)
        : b.created_at.localeCompare(a.created_at),
  );
  return paginate(users, query.page, query.per_page);
}

async function userOr404(deps: Deps, id: string): Promise<UserDoc> {
  const user = await getUser(deps, id);
  if (!user) throw notFound('No such user.');
  return user;
}

function adminView(user: UserDoc) {
  return { ...toUser(user), email: user.email, status: user.status, session_version: undefined };
}

export async function userDetails(deps: Deps, id: string) {
  const user = await userOr404(deps, id);
  const users = deps.couch.db('users');
  const sessions = await users.view('accounts', 'sessions_by_user', {
    key: user.id,
    include_docs: true,
  });
  const activity = sessions.rows
    .map(
      (r) =>
        r.doc as unknown as {
          created_at: string;
          user_agent: string;
          revoked_at: string | null;
          expires_at: string;
          sv: number;
        },
    )
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, 10)
    .map((s) => ({
      signed_in_at: s.created_at,
      device: describeAgent(s.user_agent),
      active:
        !s.revoked_at && Date.parse(s.expires_at) > Date.now() && s.sv === user.session_version,
    }));
  const gigs = await deps.couch
    .db('catalog')
    .view('gigs', 'by_owner', { key: user.id, reduce: true });
  return {
    user: adminView(user),
    counts: {
      gigs: Number(gigs.rows[0]?.value ?? 0),
      active_sessions: activity.filter((a) => a.active).length,
    },
    activity,
    audit: (await listAudit(deps, 1, 20, userKey(user.id))).data,
  };
}

/** Role, suspension and verification by an admin. Suspension signs the user out everywhere. */
export async function updateUser(deps: Deps, actor: UserDoc, id: string, patch: AdminUserPatch) {
  const user = await userOr404(deps, id);
  if (
    user.id === actor.id &&
    ((patch.role && patch.role !== 'Admin') || patch.status === 'suspended')
  ) {
    throw new AppError(409, 'You cannot demote or suspend your own account. Ask another admin.');
  }
  const before = {
    role: user.role,
    status: user.status,
    email_verified_at: user.email_verified_at,
  };
  const next: UserDoc = { ...user };
  if (patch.role) next.role = patch.role;
  if (patch.status) next.status = patch.status;
  if (patch.email_verified && !user.email_verified_at)
    next.email_verified_at = new Date().toISOString();
  // A new role or a suspension ends every session: tokens and screens carry the old state.
  if (next.role !== user.role || next.status !== user.status)
    next.session_version = user.session_version + 1;
  const saved = await saveUser(deps, next);
  const after = {
    role: saved.role,
    status: saved.status,
    email_verified_at: saved.email_verified_at,
  };
  const action =
    patch.status === 'suspended' && user.status !== 'suspended'
      ? 'user.suspend'
      : patch.status === 'active' && user.status === 'suspended'
        ? 'user.reactivate'
        : 'user.update';
  await audit(deps, actor, action, userKey(user.id), before, after);
  return adminView(saved);
}

export async function deleteUser(deps: Deps, actor: UserDoc, id: string) {
  const user = await userOr404(deps, id);
  if (user.id === actor.id)
    throw new AppError(409, 'Delete your own account from your settings instead.');
  await removeAccount(deps, user);
  await audit(
    deps,
    actor,
    'user.delete',
    userKey(user.id),
    { email: user.email, role: user.role, full_name: user.full_name },
    null,
  );
}

const slugify = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

async function allServices(deps: Deps): Promise<ServiceDoc[]> {
  const rows = await deps.couch
    .db('catalog')
    .list({ startkey: 'service:', endkey: 'service:\ufff0', include_docs: true });
  return rows.rows.map((r) => r.doc as unknown as ServiceDoc);
}

export async function listServices(deps: Deps) {
  const [services, counts] = await Promise.all([
    allServices(deps),
    deps.couch.db('catalog').view('gigs', 'by_service', { group: true }),
  ]);
  const gigsOf = new Map(counts.rows.map((r) => [String(r.key), Number(r.value)]));
  return services
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map((s) => serviceView(s, gigsOf.get(s._id.slice(8)) ?? 0));
}

function serviceView(
  doc: ServiceDoc & { created_by?: string; created_at?: string; updated_at?: string },
  gigCount: number,
) {
  return {
    id: doc._id.slice('service:'.length),
    name: doc.name,
    description: doc.description,
    icon: doc.icon ?? null,
    status: doc.status,
    position: doc.position,
    created_by: doc.created_by ?? null,
    created_at: doc.created_at ?? null,
    updated_at: doc.updated_at ?? null,
    gig_count: gigCount,
  };
}

async function serviceOr404(deps: Deps, id: string) {
  try {
    return (await deps.couch.db('catalog').get(`service:${id}`)) as unknown as ServiceDoc & {
      _rev: string;
    };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such service.');
    throw error;
  }
}

async function gigCount(deps: Deps, id: string) {
  const result = await deps.couch
    .db('catalog')
    .view('gigs', 'by_service', { key: id, reduce: true });
  return Number(result.rows[0]?.value ?? 0);
}

export async function getServiceForAdmin(deps: Deps, id: string) {
  return serviceView(await serviceOr404(deps, id), await gigCount(deps, id));
}

export async function createService(deps: Deps, actor: UserDoc, input: ServiceInput) {
  const services = await allServices(deps);
  if (services.some((s) => s.name.toLowerCase() === input.name.toLowerCase())) {
    throw ValidationError.field('name', 'A service with this name exists.');
  }
  const id = slugify(input.name);
  if (!id) throw ValidationError.field('name', 'Use letters or digits in the name.');
  const now = new Date().toISOString();
  const doc = {
    _id: `service:${id}`,
    type: 'service',
    name: input.name,
    description: input.description,
    icon: input.icon ?? null,
    status: input.status,
    position: Math.max(-1, ...services.map((s) => s.position)) + 1,
    created_by: actor.id,
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.couch.db('catalog').insert(doc as never);
  } catch (error) {
    if (isConflict(error))
      throw ValidationError.field('name', 'A service with a similar name exists.');
    throw error;
  }
  invalidateActiveServices(deps.couch);
  await audit(deps, actor, 'service.create', doc._id, null, input);
  return serviceView(doc as unknown as ServiceDoc, 0);
}

export async function updateService(deps: Deps, actor: UserDoc, id: string, input: ServiceInput) {
  const doc = await serviceOr404(deps, id);
  const services = await allServices(deps);
  if (
    services.some((s) => s._id !== doc._id && s.name.toLowerCase() === input.name.toLowerCase())
  ) {
    throw ValidationError.field('name', 'A service with this name exists.');
  }
  const before = {
    name: doc.name,
    description: doc.description,
    status: doc.status,
    icon: doc.icon,
  };
  const next = {
    ...doc,
    name: input.name,
    description: input.description,
    status: input.status,
    icon: input.icon ?? doc.icon ?? null,
    updated_at: new Date().toISOString(),
  };
  try {
    await deps.couch.db('catalog').insert(next as never);
  } catch (error) {
    if (isConflict(error))
      throw conflict('This service was changed meanwhile. Reload and try again.');
    throw error;
  }
  invalidateActiveServices(deps.couch);
  await audit(deps, actor, 'service.update', doc._id, before, input);
  return serviceView(next, await gigCount(deps, id));
}

export async function deleteService(deps: Deps, actor: UserDoc, id: string) {
  const doc = await serviceOr404(deps, id);
  const gigs = await gigCount(deps, id);
  if (gigs > 0) {
    throw conflict(
      `This service has ${gigs} gig${gigs === 1 ? '' : 's'}: deactivate it instead of deleting it.`,
    );
  }
  await deps.couch.db('catalog').destroy(doc._id, doc._rev);
  invalidateActiveServices(deps.couch);
  await audit(deps, actor, 'service.delete', doc._id, { name: doc.name, status: doc.status }, null);
}

export async function listContactMessages(
  deps: Deps,
  state: 'open' | 'handled',
  page: number,
  perPage: number,
) {
  const db = deps.couch.db('content');
  const total = Number(
    (await db.view('contact', 'by_state', { startkey: [state], endkey: [state, {}], reduce: true }))
      .rows[0]?.value ?? 0,
  );
  const rows = await db.view('contact', 'by_state', {
    startkey: [state, {}],
    endkey: [state],
    descending: true,
    reduce: false,
    include_docs: true,
    skip: (page - 1) * perPage,
    limit: perPage,
  });
  return {
    data: rows.rows.map((r) => {
      const d = r.doc as unknown as Record<string, unknown>;
      return {
        id: String(d._id),
        name: d.name,
        email: d.email,
        subject: d.subject,
        message: d.message,
        created_at: d.created_at,
        handled_at: d.handled_at ?? null,
      };
    }),
    meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

export async function setContactHandled(deps: Deps, actor: UserDoc, id: string, handled: boolean) {
  if (!id.startsWith('contact:')) throw notFound('No such message.');
  const db = deps.couch.db('content');
  let doc: Record<string, unknown> & { _rev: string };
  try {
    doc = (await db.get(id)) as unknown as Record<string, unknown> & { _rev: string };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such message.');
    throw error;
  }
  const handledAt = handled ? (doc.handled_at ?? new Date().toISOString()) : null;
  await db.insert({ ...doc, handled_at: handledAt } as never);
  await audit(
    deps,
    actor,
    handled ? 'contact.handle' : 'contact.reopen',
    id,
    { handled_at: doc.handled_at ?? null },
    { handled_at: handledAt },
  );
  return { id, handled_at: handledAt };
}

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
