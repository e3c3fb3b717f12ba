import { NavLink } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { useIsOnline } from '@/components/ui/use-online-status';
import { useDeviceCopy } from '@/lib/device-copy';
import { formatDateTime } from '@/lib/format';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { notify } from '@/stores/notification';
import { getParty } from '../api/party';
import { LeaderParty, PartyForm } from './party-leader';
import { MemberParties } from './party-member';
import { StudentsOnly } from './party-parts';
import './party.css';

export interface PartyPageProps {
  view: 'leader' | 'member';
  user: { id: string; role: string };
}

/** /party/leader and /party/member (spec section 2): Students; others are told why not. */
export function PartyPage({ view, user }: PartyPageProps) {
  const isStudent = user.role === 'Student';
  const isOnline = useIsOnline();
  const { resource, reload } = useResource(isStudent && isOnline ? 'party' : null, (signal) =>
    getParty({ signal }),
  );
  // Offline (or with the server out of reach), the party as this device last received it.
  const copy = useDeviceCopy('party', isStudent ? resource.data : undefined);
  const fromDevice = !isOnline || isUnreachable(resource);
  const data = fromDevice ? copy?.data : resource.data;
  const waiting = data?.invitations.length ?? 0;

  return (
    <section className="party-page" aria-labelledby="party-title">
      <div className="page-heading">
        <div>
          <h1 id="party-title">Party</h1>
          <p className="muted">
            Your team for lecturers’ projects: lead one party, and join the parties that invite you.
          </p>
        </div>
      </div>
      {!isStudent ? (
        <StudentsOnly role={user.role} />
      ) : (
        <>
          <nav className="party-tabs" aria-label="Party sections">
            <NavLink to={buildPath('party.leader')}>As leader</NavLink>
            <NavLink to={buildPath('party.member')}>
              As member
              {waiting > 0 && (
                <span className="party-tab-count">
                  {waiting}
                  <span className="visually-hidden"> waiting</span>
                </span>
              )}
            </NavLink>
          </nav>
          {fromDevice && copy && (
            <p className="alert party-offline" role="status" data-testid="party-offline">
              You are offline: this is your party as this device last received it (
              {formatDateTime(copy.saved_at)}). Changes need a connection.
            </p>
          )}
          {fromDevice && copy === null ? (
            <div className="alert alert-error" role="alert">
              <p className="alert-title">
                Your party needs a connection the first time: this device has no copy of it yet.
              </p>
            </div>
          ) : !fromDevice && resource.status === 'error' && !data ? (
            <div className="alert alert-error" role="alert">
              <p className="alert-title">
                {resource.error.isNetworkError
                  ? 'Your party needs a connection: you seem to be offline.'
                  : resource.error.message}
              </p>
              <button type="button" className="button button-secondary" onClick={reload}>
                Try again
              </button>
            </div>
          ) : !data ? (
            <p className="muted" role="status">
              Loading your party…
            </p>
          ) : view === 'leader' ? (
            data.leader ? (
              <LeaderParty party={data.leader} onChange={reload} />
            ) : (
              <PartyForm
                party={null}
                onSaved={(party) => {
                  notify(`${party.name} is formed. Invite your members now.`);
                  reload();
                }}
              />
            )
          ) : (
            <MemberParties
              invitations={data.invitations}
              parties={data.member}
              myId={user.id}
              onChange={reload}
            />
          )}
        </>
      )}
    </section>
  );
}
