/**
 * Parties (PRODUCT.md "Party"): a Student leads at most one party, invites other Students by
 * tagname, the invitee accepts or declines, the leader cancels an invitation or removes a member,
 * a member leaves. Every change is a compare-and-set of one document by the one person allowed
 * to make it, with the time from `deps.clock`.
 *
 * The party never has more than PARTY_MEMBERS_MAX members: an invitation is refused while the
 * members and pending invitations fill it, and an accept adds the member by a compare-and-set of
 * the party that checks the count again (two invitations sent at once may both pass the first
 * check; of their two accepts only what fits gets in, the other gets 409 and its invitation is
 * cancelled with the reason `party_full`, so it no longer holds a place). The accept writes the
 * party first, then the invitation: a crash between leaves a pending invitation of someone
 * already a member, which a second accept finishes.
 */
import type { AppDeps } from '../../context';
import { mutateTyped, readTyped } from '../../couch/compare-and-set';
import { isConflict, isNotFound } from '../../couch/errors';
import { conflict, notFound, ValidationError } from '../../lib/errors';
import { jobEventMail } from '../../mail/templates';
import {
  PARTY_MEMBERS_MAX,
  type Party,
  type PartyInvite,
  type PartyResponse,
} from '../../schemas/projects';
import { userByTagname } from '../inbox/inbox.model';
import { writeNotification } from '../notifications/notifications.service';
import { personOrDeleted, usersByIds } from '../users/users.lookup';
import { type UserDoc } from '../users/users.model';
import {
  inviteKey,
  invitePublicId,
  parseInviteId,
  partyKey,
  type PartyDoc,
  type PartyInviteDoc,
} from './party.model';

type Deps = Pick<AppDeps, 'couch' | 'clock' | 'logger' | 'mailer' | 'publicUrl'>;

const db = (deps: Pick<AppDeps, 'couch'>) => deps.couch.db('projects');

// Reading and showing ----------------------------------------------------------------------------

function toInvite(
  doc: PartyInviteDoc,
  party: Pick<PartyDoc, 'name'> | null,
  users: Map<string, UserDoc>,
): PartyInvite {
  return {
    id: invitePublicId(doc),
    party: { id: doc.leader_id, name: party?.name ?? '' },
    leader: personOrDeleted(users.get(doc.leader_id), doc.leader_id),
    invitee: personOrDeleted(users.get(doc.invitee_id), doc.invitee_id),
    status: doc.status,
    created_at: doc.created_at,
    decided_at: doc.decided_at,
  };
}

function toParty(doc: PartyDoc, users: Map<string, UserDoc>, invites: PartyInviteDoc[]): Party {
  return {
    id: doc.leader_id,
    name: doc.name,
    description: doc.description,
    leader: personOrDeleted(users.get(doc.leader_id), doc.leader_id),
    members: doc.members.map((m) => ({
      user: personOrDeleted(users.get(m.user_id), m.user_id),
      joined_at: m.joined_at,
    })),
    invites: invites.map((i) => toInvite(i, doc, users)),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

/** Every invitation of the leader, answered or not (by id range: no index to wait for). */
async function invitesOf(deps: Deps, leaderId: string): Promise<PartyInviteDoc[]> {
  const prefix = inviteKey(leaderId, '');
  const result = await db(deps).list({
    startkey: prefix,
    endkey: `${prefix}\ufff0`,
    include_docs: true,
  });
  return (result.rows as unknown as { doc?: PartyInviteDoc }[])
    .map((row) => row.doc)
    .filter((d): d is PartyInviteDoc => d?.type === 'party_invite');
}

/** Those still waiting for an answer, oldest first. */
const pendingOnly = (invites: PartyInviteDoc[]) =>
  invites
    .filter((d) => d.status === 'pending')
    .sort((a, b) => a.created_at.localeCompare(b.created_at));

/** The people a leader's view of their party shows. */
const leaderViewIds = (doc: PartyDoc, pending: PartyInviteDoc[]) => [
  doc.leader_id,
  ...doc.members.map((m) => m.user_id),
  ...pending.map((i) => i.invitee_id),
];

/** A party as its leader sees it (with pending invitations), people read in one request. */
async function leaderView(deps: Deps, doc: PartyDoc): Promise<Party> {
  const invites = pendingOnly(await invitesOf(deps, doc.leader_id));
  return toParty(doc, await usersByIds(deps, leaderViewIds(doc, invites)), invites);
}

async function inviteView(deps: Deps, doc: PartyInviteDoc): Promise<PartyInvite> {
  const [party, users] = await Promise.all([
    readTyped<PartyDoc>(db(deps), partyKey(doc.leader_id), 'party'),
    usersByIds(deps, [doc.leader_id, doc.invitee_id]),
  ]);
  return toInvite(doc, party, users);
}

/**
 * `GET /api/party`: the party the caller leads, those they are a member of, their invitations.
 * Two rounds: the caller's documents (their own invitations read whether or not they lead a
 * party: an id range, empty when not), then the inviting parties and every person at once.
 */
export async function partyOverview(deps: Deps, user: UserDoc): Promise<PartyResponse> {
  const [led, memberRows, inviteRows, sent] = await Promise.all([
    readTyped<PartyDoc>(db(deps), partyKey(user.id), 'party'),
    db(deps).view('party', 'by_member', { key: user.id, include_docs: true } as never),
    db(deps).view('party', 'invites', {
      startkey: [user.id],
      endkey: [user.id, {}],
      include_docs: true,
    } as never),
    invitesOf(deps, user.id),
  ]);
  const memberOf = (memberRows.rows as unknown as { doc?: PartyDoc }[])
    .map((r) => r.doc)
    .filter((d): d is PartyDoc => d?.type === 'party');
  const invitations = (inviteRows.rows as unknown as { doc?: PartyInviteDoc }[])
    .map((r) => r.doc)
    .filter((d): d is PartyInviteDoc => d?.type === 'party_invite' && d.status === 'pending');
  const leaders = invitations.map((i) => i.leader_id);
  const pending = led ? pendingOnly(sent) : [];
  const [partiesResult, users] = await Promise.all([
    leaders.length ? db(deps).fetch({ keys: leaders.map(partyKey) }) : { rows: [] },
    usersByIds(deps, [
      user.id,
      ...(led ? leaderViewIds(led, pending) : []),
      ...memberOf.flatMap((p) => [p.leader_id, ...p.members.map((m) => m.user_id)]),
      ...leaders,
    ]),
  ]);
  const invitingParties = new Map<string, PartyDoc>();
  for (const row of partiesResult.rows as { doc?: PartyDoc | null }[])
    if (row.doc?.type === 'party') invitingParties.set(row.doc.leader_id, row.doc);
  return {
    leader: led ? toParty(led, users, pending) : null,
    member: memberOf
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((p) => toParty(p, users, [])),
    invitations: invitations.map((i) =>
      toInvite(i, invitingParties.get(i.leader_id) ?? null, users),
    ),
  };
}

// Telling people ---------------------------------------------------------------------------------

interface Tell {
  kind: 'party_invite' | 'party_invite_accepted' | 'party_invite_declined' | 'party_removed';
  key: string;
  title: string;
  body: string;
  link: string;
  label: string;
}

/**
 * A notification in the user's database (deterministic id: written once) and a mail to an active
 * account. Failures are logged: the change they follow is already made.
 */
async function tell(deps: Deps, user: UserDoc | undefined, message: Tell): Promise<void> {
  if (!user) return;
  try {
    await writeNotification(deps, user.id, message);
    if (user.status === 'active')
      await deps.mailer.send(
        jobEventMail(user.email, user.full_name, message.title, message.body, {
          label: message.label,
          url: `${deps.publicUrl()}${message.link}`,
        }),
      );
  } catch (error) {
    if (!isNotFound(error))
      deps.logger.error({ err: error, userId: user.id, kind: message.kind }, 'telling failed');
  }
}

// Changes ----------------------------------------------------------------------------------------

const noParty = () => notFound('You lead no party yet: create one first.');

async function ledParty(deps: Deps, leader: UserDoc): Promise<PartyDoc> {
  const party = await readTyped<PartyDoc>(db(deps), partyKey(leader.id), 'party');
  if (!party) throw noParty();
  return party;
}

/** `POST /api/party`: once per Student (the id is theirs: a second create is a 409). */
export async function createParty(
  deps: Deps,
  leader: UserDoc,
  input: { name: string; description: string },
): Promise<Party> {
  const at = deps.clock.now().toISOString();
  const doc: PartyDoc = {
    _id: partyKey(leader.id),
    type: 'party',
    leader_id: leader.id,
    name: input.name,
    description: input.description,
    members: [],
    created_at: at,
    updated_at: at,
  };
  try {
    const result = await db(deps).insert(doc as never);
    return await leaderView(deps, { ...doc, _rev: result.rev });
  } catch (error) {
    if (isConflict(error)) throw conflict('You already lead a party.');
    throw error;
  }
}

/** `PATCH /api/party`: the leader renames or describes it. */
export async function updateParty(
  deps: Deps,
  leader: UserDoc,
  input: { name?: string; description?: string },
): Promise<Party> {
  const updated = await mutateTyped<PartyDoc>(db(deps), partyKey(leader.id), 'party', (current) => {
    const name = input.name ?? current.name;
    const description = input.description ?? current.description;
    if (name === current.name && description === current.description) return current;
    return { ...current, name, description, updated_at: deps.clock.now().toISOString() };
  });
  if (!updated) throw noParty();
  return leaderView(deps, updated);
}

/** `POST /api/party/invites`: the leader invites a Student by tagname. */
export async function invite(
  deps: Deps,
  leader: UserDoc,
  input: { tagname: string },
): Promise<PartyInvite> {
  const party = await ledParty(deps, leader);
  const invitee = await userByTagname(deps, input.tagname);
  if (!invitee || invitee.status !== 'active') throw notFound('Nobody has that tag name.');
  if (invitee.id === leader.id)
    throw ValidationError.field('tagname', 'You lead this party: invite someone else.');
  if (invitee.role !== 'Student')
    throw ValidationError.field('tagname', 'Only students can join a party.');
  if (party.members.some((m) => m.user_id === invitee.id))
    throw conflict(`@${invitee.tagname} is already a member of your party.`);
  const invites = await invitesOf(deps, leader.id);
  const pending = pendingOnly(invites);
  if (pending.some((i) => i.invitee_id === invitee.id))
    throw conflict(`@${invitee.tagname} already has an invitation waiting.`);
  if (party.members.length + pending.length >= PARTY_MEMBERS_MAX)
    throw conflict(
      `Your party is full: at most ${PARTY_MEMBERS_MAX} members, counting the invitations waiting for an answer.`,
    );
  const id = inviteKey(leader.id, invitee.id);
  // The invitation answered earlier, written over (its revision is in the range just read).
  const earlier = invites.find((i) => i.invitee_id === invitee.id);
  const at = deps.clock.now().toISOString();
  const doc: PartyInviteDoc = {
    _id: id,
    ...(earlier ? { _rev: earlier._rev } : {}),
    type: 'party_invite',
    leader_id: leader.id,
    invitee_id: invitee.id,
    status: 'pending',
    created_at: at,
    decided_at: null,
  };
  try {
    const result = await db(deps).insert(doc as never);
    doc._rev = result.rev;
  } catch (error) {
    // The same invitation sent twice at once: one of them wrote it.
    if (isConflict(error)) throw conflict(`@${invitee.tagname} already has an invitation waiting.`);
    throw error;
  }
  const publicId = invitePublicId(doc);
  await tell(deps, invitee, {
    kind: 'party_invite',
    key: `${publicId}-${Date.parse(at)}`,
    title: 'You are invited to a party',
    body: `${leader.full_name} invited you to join their party “${party.name}”. Accept or decline the invitation on your parties page.`,
    link: '/party/member',
    label: 'Accept or decline',
  });
  return toInvite(doc, party, new Map([leader, invitee].map((u) => [u.id, u])));
}

/** `DELETE /api/party/invites/{id}`: the leader withdraws a pending invitation. */
export async function cancelInvite(deps: Deps, leader: UserDoc, id: string): Promise<PartyInvite> {
  const ids = parseInviteId(id);
  if (!ids || ids.leaderId !== leader.id) throw notFound('No such invitation of your party.');
  const updated = await mutateTyped<PartyInviteDoc>(
    db(deps),
    inviteKey(ids.leaderId, ids.inviteeId),
    'party_invite',
    (current) => {
      if (current.status !== 'pending')
        throw conflict(`This invitation was already ${current.status}.`);
      return { ...current, status: 'cancelled', decided_at: deps.clock.now().toISOString() };
    },
  );
  if (!updated) throw notFound('No such invitation of your party.');
  return inviteView(deps, updated);
}

/** `POST /api/party/invites/{id}/accept | /decline`: the invitee answers. */
export async function answerInvite(
  deps: Deps,
  user: UserDoc,
  id: string,
  accept: boolean,
): Promise<PartyInvite> {
  const ids = parseInviteId(id);
  const missing = () => notFound('No such invitation for you.');
  if (!ids || ids.inviteeId !== user.id) throw missing();
  const key = inviteKey(ids.leaderId, ids.inviteeId);
  const found = await readTyped<PartyInviteDoc>(db(deps), key, 'party_invite');
  if (!found) throw missing();
  if (found.status !== 'pending') throw conflict(`This invitation was already ${found.status}.`);
  const at = deps.clock.now().toISOString();
  let joined: PartyDoc | null = null;
  if (accept) {
    let full = false;
    joined = await mutateTyped<PartyDoc>(db(deps), partyKey(ids.leaderId), 'party', (party) => {
      if (party.members.some((m) => m.user_id === user.id)) return party;
      if (party.members.length >= PARTY_MEMBERS_MAX) {
        full = true;
        return party;
      }
      return {
        ...party,
        members: [...party.members, { user_id: user.id, joined_at: at }],
        updated_at: at,
      };
    });
    if (!joined) throw notFound('This party no longer exists.');
    if (full) {
      // Terminal: a pending invitation that can no longer be accepted would hold one of the
      // leader's places for good.
      await mutateTyped<PartyInviteDoc>(db(deps), key, 'party_invite', (current) =>
        current.status === 'pending'
          ? { ...current, status: 'cancelled', reason: 'party_full', decided_at: at }
          : current,
      );
      throw conflict(
        `This party filled up before you accepted: it already has ${PARTY_MEMBERS_MAX} members, so your invitation is closed. Ask the leader to invite you again when a place is free.`,
      );
    }
  }
  let lateCancel = false;
  const answered = await mutateTyped<PartyInviteDoc>(db(deps), key, 'party_invite', (current) => {
    if (current.status !== 'pending') {
      lateCancel = true;
      return current;
    }
    return { ...current, status: accept ? 'accepted' : 'declined', decided_at: at };
  });
  if (!answered) throw missing();
  if (lateCancel) {
    // The leader cancelled between the two writes: the membership is taken back.
    if (accept) await dropMember(deps, ids.leaderId, user.id);
    throw conflict(`This invitation was already ${answered.status}.`);
  }
  // The party (unless the accept just wrote it) and both people, in one round.
  const [party, users] = await Promise.all([
    joined ?? readTyped<PartyDoc>(db(deps), partyKey(ids.leaderId), 'party'),
    usersByIds(deps, [ids.leaderId, user.id]),
  ]);
  const view = toInvite(answered, party, users);
  const leader = users.get(ids.leaderId);
  await tell(deps, leader, {
    kind: accept ? 'party_invite_accepted' : 'party_invite_declined',
    key: `${invitePublicId(answered)}-${Date.parse(answered.created_at)}`,
    title: accept ? 'Your invitation was accepted' : 'Your invitation was declined',
    body: accept
      ? `${user.full_name} joined your party “${view.party.name}”.`
      : `${user.full_name} declined to join your party “${view.party.name}”.`,
    link: '/party',
    label: 'Open your party',
  });
  return view;
}

/** Takes a member out of a party (nothing when they are not in it); the party after. */
async function dropMember(deps: Deps, leaderId: string, memberId: string) {
  return mutateTyped<PartyDoc>(db(deps), partyKey(leaderId), 'party', (party) =>
    party.members.some((m) => m.user_id === memberId)
      ? {
          ...party,
          members: party.members.filter((m) => m.user_id !== memberId),
          updated_at: deps.clock.now().toISOString(),
        }
      : party,
  );
}

/** `DELETE /api/party/members/{user_id}`: the leader removes a member, who is told. */
export async function removeMember(deps: Deps, leader: UserDoc, memberId: string): Promise<Party> {
  const party = await ledParty(deps, leader);
  if (!party.members.some((m) => m.user_id === memberId))
    throw notFound('No such member of your party.');
  const after = await dropMember(deps, leader.id, memberId);
  if (!after) throw noParty();
  deps.logger.info({ party: leader.id, member: memberId, by: leader.id }, 'party member removed');
  const member = (await usersByIds(deps, [memberId])).get(memberId);
  await tell(deps, member, {
    kind: 'party_removed',
    key: `${leader.id}~${memberId}-${Date.parse(after.updated_at)}`,
    title: 'You were removed from a party',
    body: `${leader.full_name} removed you from their party “${party.name}”.`,
    link: '/party/member',
    label: 'Open your parties',
  });
  return leaderView(deps, after);
}

/** `POST /api/parties/{id}/leave`: a member leaves (the id is the leader's). */
export async function leaveParty(deps: Deps, user: UserDoc, partyId: string): Promise<void> {
  const party = await readTyped<PartyDoc>(db(deps), partyKey(partyId), 'party');
  if (!party || !party.members.some((m) => m.user_id === user.id))
    throw notFound('You are not a member of this party.');
  await dropMember(deps, partyId, user.id);
  deps.logger.info({ party: partyId, member: user.id, by: user.id }, 'party member left');
}
