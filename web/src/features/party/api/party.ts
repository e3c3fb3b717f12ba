// The party API (issue 19) as the web app uses it: the caller's party as leader, the parties
// they belong to, invitations both ways. Shapes come from the API's contract (types only).
import type {
  CreatePartyRequest,
  Party,
  PartyInvite,
  PartyResponse,
  ProjectPerson,
} from '@wayfarer/api/schemas/projects';
import { api } from '@/lib/api-client';

export { PARTY_MEMBERS_MAX } from '@wayfarer/api/schemas/project-rules';
export type { Party, PartyInvite, PartyResponse, ProjectPerson };
export type PartyFields = CreatePartyRequest;

type Options = { signal?: AbortSignal };
const id = (value: string) => encodeURIComponent(value);

/** GET /api/party: the party the caller leads, those they belong to, invitations waiting. */
export const getParty = (options: Options = {}) => api.get<PartyResponse>('/party', options);

/** POST /api/party (a Student, once). */
export const createParty = (fields: PartyFields) =>
  api.post<{ party: Party }>('/party', fields).then((r) => r.party);

/** PATCH /api/party (the leader). */
export const updateParty = (fields: Partial<PartyFields>) =>
  api.patch<{ party: Party }>('/party', fields).then((r) => r.party);

/** POST /api/party/invites (the leader): by tag name, "@" optional. */
export const inviteMember = (tagname: string) =>
  api.post<{ invite: PartyInvite }>('/party/invites', { tagname }).then((r) => r.invite);

/** DELETE /api/party/invites/{id} (the leader cancels a pending invitation). */
export const cancelInvite = (inviteId: string) =>
  api.delete<{ invite: PartyInvite }>(`/party/invites/${id(inviteId)}`).then((r) => r.invite);

/** POST /api/party/invites/{id}/accept | decline (the invitee). */
export const answerInvite = (inviteId: string, answer: 'accept' | 'decline') =>
  api
    .post<{ invite: PartyInvite }>(`/party/invites/${id(inviteId)}/${answer}`)
    .then((r) => r.invite);

/** DELETE /api/party/members/{user_id} (the leader removes a member). */
export const removeMember = (userId: string) =>
  api.delete<{ party: Party }>(`/party/members/${id(userId)}`).then((r) => r.party);

/** POST /api/parties/{id}/leave (a member leaves). */
export const leaveParty = (partyId: string) => api.post<object>(`/parties/${id(partyId)}/leave`);
