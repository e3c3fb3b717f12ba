import { ROLES, type Role } from '@wayfarer/api/schemas/roles';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import '@/components/form/form.css';
import { Avatar } from '@/components/ui/avatar';
import { useCurrentUser } from '@/stores/auth';
import { deleteUser, getUserDetails, updateUser } from '../api/users';
import { useConfirm } from '@/components/ui/use-confirm';
import { useResource } from '@/lib/use-resource';
import type { AdminUser, UserDetails } from '../types';
import { formatDate, formatDateTime } from '@/lib/format';
import { AuditList } from './audit-list';
import { StatusBadge, VerifiedBadge } from './badges';
import { Facts } from './facts';
import { LoadState } from './load-state';
import { BackLink } from './sub-page';
import './admin.css';

function Profile({ user }: { user: AdminUser }) {
  const facts: [string, ReactNode][] = [
    ['Email', user.email],
    [
      'Tagname',
      user.tagname ? (
        <Link to={buildPath('user.info', { tagname: user.tagname })}>@{user.tagname}</Link>
      ) : (
        'Not chosen yet'
      ),
    ],
    ['Role', user.role],
    ['Expertise', user.expertise ?? '—'],
    ['Location', user.location ?? '—'],
    ['Languages', user.languages.length ? user.languages.join(', ') : '—'],
    ['Joined', formatDate(user.created_at)],
    ['Email verified', user.email_verified_at ? formatDateTime(user.email_verified_at) : 'Not yet'],
  ];
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <Facts facts={facts} />
      {user.bio && <p className="user-bio">{user.bio}</p>}
    </section>
  );
}

function Activity({ details }: { details: UserDetails }) {
  return (
    <section className="card" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      <ul className="stat-pairs" aria-label="Counts">
        <li>
          <span className="stat-value">{details.counts.gigs}</span> gigs
        </li>
        <li>
          <span className="stat-value">{details.counts.active_sessions}</span> signed-in devices
        </li>
      </ul>
      <h3>Recent sign-ins</h3>
      {details.activity.length === 0 ? (
        <p className="muted">No sign-ins yet.</p>
      ) : (
        <ul className="sessions">
          {details.activity.map((session) => (
            <li key={session.signed_in_at}>
              <span>{session.device}</span>
              <span className="muted">{formatDateTime(session.signed_in_at)}</span>
              <span className="badge" data-tone={session.active ? 'ok' : 'off'}>
                {session.active ? 'Signed in' : 'Ended'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Actions({
  user,
  isSelf,
  onChanged,
  onDeleted,
}: {
  user: AdminUser;
  isSelf: boolean;
  onChanged: (user: AdminUser) => void;
  onDeleted: () => void;
}) {
  const { ask, dialog } = useConfirm();
  const roleId = useId();
  const [role, setRole] = useState<Role>(user.role);
  const name = user.full_name;
  const isSuspended = user.status === 'suspended';

  const patch = async (change: Parameters<typeof updateUser>[1]) =>
    onChanged(await updateUser(user.id, change));

  if (isSelf) {
    return (
      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        <p className="muted">
          This is your own account. Another admin can change its role or suspend it; change your
          password in <Link to={buildPath('settings')}>Settings</Link>.
        </p>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <div className="action-rows">
        <div className="action-row">
          <div>
            <h3>{isSuspended ? 'Reactivate' : 'Suspend'}</h3>
            <p className="muted">
              {isSuspended
                ? `${name} can log in again.`
                : `${name} is signed out everywhere and cannot log in.`}
            </p>
          </div>
          <button
            type="button"
            className={isSuspended ? 'button button-secondary' : 'button button-danger'}
            onClick={() =>
              ask(
                isSuspended
                  ? {
                      title: `Reactivate ${name}?`,
                      body: <p>{name} will be able to log in again.</p>,
                      confirmLabel: 'Reactivate user',
                      run: () => patch({ status: 'active' }),
                      successMessage: `${name} was reactivated.`,
                    }
                  : {
                      title: `Suspend ${name}?`,
                      body: (
                        <p>
                          {name} is signed out on every device at once, and login is refused until
                          an admin reactivates the account.
                        </p>
                      ),
                      confirmLabel: 'Suspend user',
                      tone: 'danger',
                      run: () => patch({ status: 'suspended' }),
                      successMessage: `${name} was suspended.`,
                    },
              )
            }
          >
            {isSuspended ? 'Reactivate user' : 'Suspend user'}
          </button>
        </div>

        <div className="action-row">
          <div className="field">
            <label htmlFor={roleId}>Role</label>
            <select
              id={roleId}
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <p className="field-hint">A new role signs {name} out everywhere.</p>
          </div>
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={role === user.role || undefined}
            onClick={() => {
              if (role === user.role) return;
              ask({
                title: `Make ${name} ${role === 'Admin' ? 'an' : 'a'} ${role}?`,
                body: (
                  <p>
                    {name} goes from {user.role} to {role}
                    {role === 'Admin' ? ' and can run the whole marketplace' : ''}. They are signed
                    out and log in again with the new role.
                  </p>
                ),
                confirmLabel: 'Change role',
                tone: role === 'Admin' ? 'danger' : 'default',
                run: () => patch({ role }),
                successMessage: `${name} is now ${role === 'Admin' ? 'an' : 'a'} ${role}.`,
              });
            }}
          >
            Change role
          </button>
        </div>

        {!user.email_verified_at && (
          <div className="action-row">
            <div>
              <h3>Email address</h3>
              <p className="muted">Mark {user.email} as verified without the mailed link.</p>
            </div>
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                ask({
                  title: `Mark ${user.email} as verified?`,
                  body: <p>Do this only when you know the address belongs to {name}.</p>,
                  confirmLabel: 'Mark verified',
                  run: () => patch({ email_verified: true }),
                  successMessage: `${user.email} is marked verified.`,
                })
              }
            >
              Mark email verified
            </button>
          </div>
        )}

        <div className="action-row">
          <div>
            <h3>Delete</h3>
            <p className="muted">The account, its sessions and its data. This cannot be undone.</p>
          </div>
          <button
            type="button"
            className="button button-danger"
            onClick={() =>
              ask({
                title: `Delete ${name}?`,
                body: (
                  <p>
                    The account of {name} ({user.email}), every session and their own database are
                    removed. This cannot be undone.
                  </p>
                ),
                confirmLabel: 'Delete user',
                tone: 'danger',
                run: async () => {
                  await deleteUser(user.id);
                  onDeleted();
                },
                successMessage: `${name} was deleted.`,
              })
            }
          >
            Delete user
          </button>
        </div>
      </div>
      {dialog}
    </section>
  );
}

function Details({
  details,
  onChanged,
}: {
  details: UserDetails;
  onChanged: (user: AdminUser) => void;
}) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { user } = details;
  return (
    <>
      <div className="page-heading user-heading">
        <Avatar name={user.full_name} src={user.avatar} size={64} />
        <div>
          <h1>{user.full_name}</h1>
          <p className="badges">
            <span className="badge">{user.role}</span> <StatusBadge status={user.status} />{' '}
            <VerifiedBadge verified={!!user.email_verified_at} />
          </p>
        </div>
      </div>
      <div className="details-grid">
        <Profile user={user} />
        <Actions
          key={`${user.role}:${user.status}`}
          user={user}
          isSelf={me?.id === user.id}
          onChanged={onChanged}
          onDeleted={() => void navigate(buildPath('admin.users'), { replace: true })}
        />
        <Activity details={details} />
        <section className="card" aria-labelledby="audit-title">
          <h2 id="audit-title">Audit trail</h2>
          <AuditList entries={details.audit} showTarget={false} />
        </section>
      </div>
    </>
  );
}

/** /admin/users/:id: one account, what it did, what admins did to it, and the actions. */
export function UserDetailsPage() {
  const { id = '' } = useParams();
  const { resource, reload, setData } = useResource(`user:${id}`, (signal) =>
    getUserDetails(id, { signal }),
  );
  // The answer of an action shows at once; the reload brings its audit entry and sessions.
  const onChanged = (user: AdminUser) => {
    setData((details) => ({ ...details, user: { ...details.user, ...user } }));
    reload();
  };
  return (
    <div className="admin-page">
      <BackLink to={buildPath('admin.users')}>All users</BackLink>
      <LoadState resource={resource} onRetry={reload} what="the user">
        {(details) => <Details details={details} onChanged={onChanged} />}
      </LoadState>
    </div>
  );
}
