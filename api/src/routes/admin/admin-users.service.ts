import { AppError, notFound } from '../../lib/errors';
import type { AdminUserPatch, AdminUserRow, ListResponse } from '../../schemas';
import { describeAgent } from '../users/accounts-auth.service';
import { removeAccount } from '../users/accounts-deletion.service';
import { getUser, saveUser } from '../users/accounts-store';
import { userKey, type UserDoc } from '../users/users.model';
import { toUser } from '../users/users.view';
import { audit, listAudit } from './admin-audit.service';
import { paginate, type Deps } from './admin-shared';

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
    full_name: user.full_name,
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
    full_name: saved.full_name,
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
