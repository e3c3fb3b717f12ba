import { useState } from 'react';
import { TextAreaField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { useConfirm } from '@/components/ui/use-confirm';
import { ApiError } from '@/lib/api-client';
import { formatDate, plural } from '@/lib/format';
import { useForm } from '@/lib/form';
import { notify } from '@/stores/notification';
import {
  PARTY_MEMBERS_MAX,
  cancelInvite,
  createParty,
  inviteMember,
  removeMember,
  updateParty,
  type Party,
  type PartyFields,
  type PartyInvite,
} from '../api/party';
import { inviteErrorText, normaliseTagname } from '../utils/invite-errors';
import { Person } from './party-parts';

/** Create (no party yet) or edit (the leader's) a party: name and description. */
export function PartyForm({
  party,
  onSaved,
  onCancel,
}: {
  party: Party | null;
  onSaved: (party: Party) => void;
  onCancel?: () => void;
}) {
  const form = useForm<Required<PartyFields>, Party>({
    initialValues: { name: party?.name ?? '', description: party?.description ?? '' },
    onSubmit: (values) => (party ? updateParty(values) : createParty(values)),
    onSuccess: onSaved,
  });
  return (
    <form className="card party-form" onSubmit={form.submit} noValidate>
      <h2>{party ? 'Edit your party' : 'Form your party'}</h2>
      {!party && (
        <p className="muted">
          Lead a team of up to {PARTY_MEMBERS_MAX} other students and apply to projects together.
        </p>
      )}
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextField field={form.field('name')} label="Party name" maxLength={60} required />
      <TextAreaField
        field={form.field('description')}
        label="Description"
        hint="What your party is good at, for the members you invite and the lecturers."
        rows={4}
        maxLength={1000}
      />
      <div className="party-form-actions">
        <SubmitButton isBusy={form.isBusy}>{party ? 'Save' : 'Create party'}</SubmitButton>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** Invite a student by tag name; 404, 409 and 422 are said in words under the field. */
function InviteForm({ onInvited }: { onInvited: () => void }) {
  const form = useForm<{ tagname: string }, PartyInvite>({
    initialValues: { tagname: '' },
    onSubmit: async ({ tagname }) => {
      if (!normaliseTagname(tagname))
        throw new ApiError(422, '', { tagname: ['Enter their tag name.'] });
      try {
        return await inviteMember(normaliseTagname(tagname));
      } catch (failure) {
        // The refusals this form can explain go under the field; others to the form's alert.
        const text = inviteErrorText(failure, tagname);
        if (text === null || !(failure instanceof ApiError)) throw failure;
        throw new ApiError(failure.status, failure.message, { tagname: [text] });
      }
    },
    resetOnSuccess: () => ({ tagname: '' }),
    onSuccess: (invite) => {
      notify(`Invitation sent to ${invite.invitee.full_name}.`);
      onInvited();
    },
  });
  return (
    <form className="party-invite" onSubmit={form.submit} noValidate>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextField
        field={form.field('tagname')}
        label="Tag name"
        hint="The student’s tag name, with or without the @."
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={31}
        placeholder="@tagname"
        announceError
      />
      <SubmitButton isBusy={form.isBusy} busyText="Inviting…">
        Invite
      </SubmitButton>
    </form>
  );
}

export interface LeaderPartyProps {
  party: Party;
  onChange: () => void;
  /** The device's copy, offline: shown without the actions, which need a connection. */
  readOnly?: boolean;
}

/** The leader's party: details, members (remove), invitations (cancel) and the invite form. */
export function LeaderParty({ party, onChange, readOnly = false }: LeaderPartyProps) {
  const [isEditing, setEditing] = useState(false);
  const { ask, dialog } = useConfirm();
  const pending = party.invites.filter((invite) => invite.status === 'pending');
  const isFull = party.members.length >= PARTY_MEMBERS_MAX;
  return (
    <div className="party-sections" data-testid="leader-party">
      {dialog}
      {isEditing && !readOnly ? (
        <PartyForm
          party={party}
          onSaved={() => {
            setEditing(false);
            notify('Your party is saved.');
            onChange();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <section className="card party-details" aria-labelledby="party-name">
          <div className="party-details-head">
            <h2 id="party-name">{party.name}</h2>
            {!readOnly && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setEditing(true)}
              >
                Edit
              </button>
            )}
          </div>
          {party.description ? (
            <p className="party-description">{party.description}</p>
          ) : (
            <p className="muted">No description yet.</p>
          )}
          <p className="muted">Formed {formatDate(party.created_at)}</p>
        </section>
      )}

      <section className="card" aria-labelledby="party-members-title">
        <h2 id="party-members-title">
          Members{' '}
          <span className="muted" data-testid="member-count">
            ({party.members.length} of {PARTY_MEMBERS_MAX})
          </span>
        </h2>
        <ul className="party-people">
          <li>
            <Person person={party.leader} note="Leader (you)" />
          </li>
          {party.members.map((member) => (
            <li key={member.user.id} data-testid="party-member">
              <Person person={member.user} note={`Joined ${formatDate(member.joined_at)}`} />
              {!readOnly && (
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={`Remove ${member.user.full_name}`}
                  onClick={() =>
                    ask({
                      title: `Remove ${member.user.full_name}?`,
                      body: `${member.user.full_name} leaves ${party.name}. You can invite them again later.`,
                      confirmLabel: 'Remove',
                      tone: 'danger',
                      run: () => removeMember(member.user.id),
                      successMessage: `${member.user.full_name} is no longer in your party.`,
                      onDone: onChange,
                    })
                  }
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
        {party.members.length === 0 && !readOnly && (
          <p className="muted">No members yet: invite students by their tag name below.</p>
        )}
      </section>

      <section className="card" aria-labelledby="party-invite-title">
        <h2 id="party-invite-title">{readOnly ? 'Invitations' : 'Invite a student'}</h2>
        {readOnly ? null : isFull ? (
          <p role="status">
            Your party is full: it has {plural(PARTY_MEMBERS_MAX, 'member')} besides you. Remove a
            member to invite someone else.
          </p>
        ) : (
          <InviteForm onInvited={onChange} />
        )}
        <h3>Pending invitations</h3>
        {pending.length === 0 ? (
          <p className="muted">No invitations waiting for an answer.</p>
        ) : (
          <ul className="party-people" aria-label="Pending invitations">
            {pending.map((invite) => (
              <li key={invite.id} data-testid="party-invite">
                <Person person={invite.invitee} note={`Invited ${formatDate(invite.created_at)}`} />
                {!readOnly && (
                  <button
                    type="button"
                    className="button button-ghost"
                    aria-label={`Cancel the invitation of ${invite.invitee.full_name}`}
                    onClick={() =>
                      ask({
                        title: 'Cancel this invitation?',
                        body: `${invite.invitee.full_name} can no longer accept it.`,
                        confirmLabel: 'Cancel invitation',
                        tone: 'danger',
                        run: () => cancelInvite(invite.id),
                        onDone: onChange,
                      })
                    }
                  >
                    Cancel invitation
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
