/**
 * Parties as stored in wf_projects (the projects API reads `party:<leader>` for team
 * applications, so its fields are fixed):
 * - `party:<leader_id>`: the one party a Student leads; its public id is the leader's user id.
 * - `partyinvite:<leader_id>:<invitee_id>`: an invitation, one document per leader and invitee
 *   (an answered one is written over when the leader invites the same person again). Its public
 *   id is `<leader_id>~<invitee_id>` (user ids never contain `~`).
 */
import type { PartyInviteStatus } from '../../schemas/projects';

export interface PartyDoc {
  _id: string;
  _rev?: string;
  type: 'party';
  leader_id: string;
  name: string;
  description: string;
  members: { user_id: string; joined_at: string }[];
  created_at: string;
  updated_at: string;
}

export interface PartyInviteDoc {
  _id: string;
  _rev?: string;
  type: 'party_invite';
  leader_id: string;
  invitee_id: string;
  status: PartyInviteStatus;
  /** Why it was cancelled when the leader did not cancel it: the party filled up first. */
  reason?: 'party_full';
  created_at: string;
  decided_at: string | null;
}

export const partyKey = (leaderId: string) => `party:${leaderId}`;
export const inviteKey = (leaderId: string, inviteeId: string) =>
  `partyinvite:${leaderId}:${inviteeId}`;
export const invitePublicId = (doc: Pick<PartyInviteDoc, 'leader_id' | 'invitee_id'>) =>
  `${doc.leader_id}~${doc.invitee_id}`;

const ID_PART = /^[A-Za-z0-9_-]{1,64}$/;

/** `<leader>~<invitee>` → the two user ids, or null for anything else. */
export function parseInviteId(id: string): { leaderId: string; inviteeId: string } | null {
  const parts = id.split('~');
  if (parts.length !== 2 || !parts.every((p) => ID_PART.test(p))) return null;
  return { leaderId: parts[0]!, inviteeId: parts[1]! };
}
