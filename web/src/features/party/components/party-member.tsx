import { useState } from 'react';
import { useConfirm } from '@/components/ui/use-confirm';
import { errorMessageOf } from '@/lib/error-message';
import { formatDate, plural } from '@/lib/format';
import { notify } from '@/stores/notification';
import { answerInvite, leaveParty, type Party, type PartyInvite } from '../api/party';
import { Person } from './party-parts';

/** An invitation waiting for the caller's answer: Accept or Decline (not offline). */
function Invitation({
  invite,
  onAnswered,
  readOnly,
}: {
  invite: PartyInvite;
  onAnswered: () => void;
  readOnly: boolean;
}) {
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = (choice: 'accept' | 'decline') => {
    if (busy) return;
    setBusy(choice);
    setError(null);
    answerInvite(invite.id, choice).then(
      () => {
        setBusy(null);
        notify(
          choice === 'accept'
            ? `You joined ${invite.party.name}.`
            : `You declined the invitation to ${invite.party.name}.`,
        );
        onAnswered();
      },
      (failure: unknown) => {
        setBusy(null);
        setError(errorMessageOf(failure));
      },
    );
  };
  return (
    <li className="card party-invitation" data-testid="party-invitation">
      <h3>{invite.party.name}</h3>
      <Person person={invite.leader} note={`invited you on ${formatDate(invite.created_at)}`} />
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <div className="party-form-actions">
          <button
            type="button"
            className="button"
            aria-label={`Accept the invitation to ${invite.party.name}`}
            aria-disabled={busy !== null || undefined}
            onClick={() => answer('accept')}
          >
            {busy === 'accept' ? 'Accepting…' : 'Accept'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-label={`Decline the invitation to ${invite.party.name}`}
            aria-disabled={busy !== null || undefined}
            onClick={() => answer('decline')}
          >
            {busy === 'decline' ? 'Declining…' : 'Decline'}
          </button>
        </div>
      )}
    </li>
  );
}

/** A party the caller belongs to: its leader and members, and Leave (not offline). */
function MemberParty({
  party,
  myId,
  onLeft,
  readOnly,
}: {
  party: Party;
  myId: string;
  onLeft: () => void;
  readOnly: boolean;
}) {
  const { ask, dialog } = useConfirm();
  return (
    <li className="card party-details" data-testid="member-party">
      <div className="party-details-head">
        <h3>{party.name}</h3>
        {!readOnly && (
          <button
            type="button"
            className="button button-ghost"
            aria-label={`Leave ${party.name}`}
            onClick={() =>
              ask({
                title: `Leave ${party.name}?`,
                body: 'You stop being a member; the leader can invite you again.',
                confirmLabel: 'Leave',
                tone: 'danger',
                run: () => leaveParty(party.id),
                successMessage: `You left ${party.name}.`,
                onDone: onLeft,
              })
            }
          >
            Leave
          </button>
        )}
        {dialog}
      </div>
      {party.description && <p className="party-description">{party.description}</p>}
      <ul className="party-people" aria-label={`Members of ${party.name}`}>
        <li>
          <Person person={party.leader} note="Leader" />
        </li>
        {party.members.map((member) => (
          <li key={member.user.id}>
            <Person
              person={member.user}
              note={member.user.id === myId ? 'You' : `Joined ${formatDate(member.joined_at)}`}
            />
          </li>
        ))}
      </ul>
    </li>
  );
}

export interface MemberPartiesProps {
  invitations: PartyInvite[];
  parties: Party[];
  myId: string;
  onChange: () => void;
  /** The device's copy, offline: shown without the actions, which need a connection. */
  readOnly?: boolean;
}

/** /party/member: invitations waiting, then the parties the caller belongs to. */
export function MemberParties({
  invitations,
  parties,
  myId,
  onChange,
  readOnly = false,
}: MemberPartiesProps) {
  return (
    <div className="party-sections">
      <section aria-labelledby="party-invitations-title">
        <h2 id="party-invitations-title">Invitations</h2>
        {invitations.length === 0 ? (
          <p className="muted">No invitations waiting for your answer.</p>
        ) : (
          <ul className="party-list">
            {invitations.map((invite) => (
              <Invitation
                key={invite.id}
                invite={invite}
                onAnswered={onChange}
                readOnly={readOnly}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="party-memberships-title">
        <h2 id="party-memberships-title">
          Parties you belong to{' '}
          <span className="muted">({plural(parties.length, 'party', 'parties')})</span>
        </h2>
        {parties.length === 0 ? (
          <p className="muted">
            You are not a member of a party yet. When a leader invites you, the invitation shows
            above.
          </p>
        ) : (
          <ul className="party-list">
            {parties.map((party) => (
              <MemberParty
                key={party.id}
                party={party}
                myId={myId}
                onLeft={onChange}
                readOnly={readOnly}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
