import { NavLink, Outlet, useOutletContext } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { LoadError, Loading } from '@/components/ui/load-state';
import { useIsOnline } from '@/components/ui/use-online-status';
import { useDeviceCopy } from '@/lib/device-copy';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { notify } from '@/stores/notification';
import { getParty, type PartyResponse } from '../api/party';
import { LeaderParty, PartyForm } from './party-leader';
import { MemberParties } from './party-member';
import { PartyOfflineNote, StudentsOnly } from './party-parts';
import './party.css';

export interface PartyPageProps {
  user: { id: string; role: string };
}

/** What the party layout hands the tab it shows. */
interface PartyOutlet {
  data: PartyResponse;
  reload: () => void;
  /** The device's copy (offline): no actions, they need a connection. */
  readOnly: boolean;
  myId: string;
}

/**
 * /party (spec section 2), the layout of /party/leader and /party/member: Students; others are
 * told why not. The party is read once here (GET /api/party, or offline this device's copy) and
 * the tab, a child route, shows its part of it.
 */
export function PartyPage({ user }: PartyPageProps) {
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
          {fromDevice && copy && <PartyOfflineNote savedAt={copy.saved_at} />}
          {fromDevice && copy === null ? (
            <div className="alert alert-error" role="alert">
              <p className="alert-title">
                Your party needs a connection the first time: this device has no copy of it yet.
              </p>
            </div>
          ) : !fromDevice && resource.status === 'error' && !data ? (
            <LoadError error={resource.error} onRetry={reload} />
          ) : !data ? (
            <Loading what="your party" />
          ) : (
            <Outlet
              context={{ data, reload, readOnly: fromDevice, myId: user.id } satisfies PartyOutlet}
            />
          )}
        </>
      )}
    </section>
  );
}

/** /party/leader: the party the Student leads, or the form to start one. */
export function PartyLeaderView() {
  const { data, reload, readOnly } = useOutletContext<PartyOutlet>();
  if (data.leader) return <LeaderParty party={data.leader} onChange={reload} readOnly={readOnly} />;
  if (readOnly)
    return <p className="muted">You do not lead a party. Forming one needs a connection.</p>;
  return (
    <PartyForm
      party={null}
      onSaved={(party) => {
        notify(`${party.name} is formed. Invite your members now.`);
        reload();
      }}
    />
  );
}

/** /party/member: invitations waiting for the Student's answer and the parties they belong to. */
export function PartyMemberView() {
  const { data, reload, readOnly, myId } = useOutletContext<PartyOutlet>();
  return (
    <MemberParties
      invitations={data.invitations}
      parties={data.member}
      myId={myId}
      onChange={reload}
      readOnly={readOnly}
    />
  );
}
