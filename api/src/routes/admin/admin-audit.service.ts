import { randomBytes } from 'node:crypto';
import type { AdminStats, AuditEntry, ListResponse } from '../../schemas';
import type { AuditAction } from '../../schemas/audit';
import type { ServiceDoc } from '../content/content.service';
import type { UserDoc } from '../users/users.model';
import { paginate, type Deps } from './admin-shared';

/**
 * Every admin action is written here: who, what, when, before and after. Fields that say what
 * the action was about (a name, an amount) go in both `before` and `after`: the admin pages
 * list as changes only the fields whose values differ, and read the rest into the sentence.
 */
export async function audit(
  deps: Deps,
  actor: UserDoc,
  action: AuditAction,
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
