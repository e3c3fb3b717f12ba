/**
 * Parties as stored in wf_projects (the projects API reads `party:<leader>` for team
 * applications, so its fields are fixed):
 * - `party:<leader_id>`: the one party a Student leads; its public id is the leader's user id.
 * - `partyinvite:<leader_id>:<invitee_id>`: an invitation, one document per leader and invitee
 *   (an answered one is written over when the leader invites the same person again). Its public
 *   id is `<leader_id>~<invitee_id>` (user ids never contain `~`).
 */
import type { DocumentScope } from 'nano';
import { isConflict, isNotFound } from '../../couch/errors';
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

type Db = DocumentScope<Record<string, unknown>>;

export async function readDoc<T extends { type: string }>(
  db: Db,
  id: string,
  type: T['type'],
): Promise<T | null> {
  try {
    const doc = (await db.get(id)) as unknown as T;
    return doc.type === type ? doc : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Reads, changes and writes a document with its revision (compare-and-set); a conflict is read
 * and changed again. `change` returns the document unchanged to write nothing, or throws the
 * refusal; a missing document is null.
 */
export async function mutate<T extends { _id: string; _rev?: string; type: string }>(
  db: Db,
  id: string,
  type: T['type'],
  change: (doc: T) => T,
): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    const current = await readDoc<T>(db, id, type);
    if (!current) return null;
    const next = change(current);
    if (next === current) return current;
    try {
      const result = await db.insert(next as never);
      return { ...next, _rev: result.rev };
    } catch (error) {
      if (!isConflict(error) || attempt >= 20) throw error;
    }
  }
}
