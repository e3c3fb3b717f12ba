import { Hono } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { createPartySchema, partyInviteSchema, updatePartySchema } from '../../schemas/projects';
import { endpoints } from '../endpoint';
import * as parties from './party.service';

const endpoint = endpoints({ tag: 'Parties', auth: 'required' });

const PARTY = '{party}: the caller’s party with its members and pending invitations';
const INVITE = '{invite}';
const NO_PARTY = 'The caller leads no party';

/** Parties (issue 19): a Student's team for project applications. */
export function partyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/party',
      endpoint({
        summary: 'The party the caller leads, those they are a member of, invitations waiting',
        responses: { 200: '{leader, member, invitations}' },
      }),
      async (c) => c.json(await parties.partyOverview(deps, currentAuth(c).user)),
    )
    .post(
      '/party',
      endpoint({
        summary: 'Start a party (a Student leads at most one)',
        permission: 'party.lead',
        body: createPartySchema,
        responses: { 201: PARTY, 409: 'The caller already leads a party' },
      }),
      async (c) => {
        const party = await parties.createParty(deps, currentAuth(c).user, c.req.valid('json'));
        return c.json({ party }, 201);
      },
    )
    .patch(
      '/party',
      endpoint({
        summary: 'Rename or describe the party (its leader)',
        permission: 'party.lead',
        body: updatePartySchema,
        responses: { 200: PARTY, 404: NO_PARTY },
      }),
      async (c) => {
        const party = await parties.updateParty(deps, currentAuth(c).user, c.req.valid('json'));
        return c.json({ party });
      },
    )
    .post(
      '/party/invites',
      endpoint({
        summary: 'Invite a Student by tag name (the leader)',
        description:
          'The invitee is notified (and mailed) with a link to accept or decline. 422 for the leader themself or someone who is not a Student; 409 when they are already a member, already have an invitation waiting, or the members and pending invitations already fill the party.',
        permission: 'party.lead',
        body: partyInviteSchema,
        responses: {
          201: INVITE,
          404: 'Nobody has that tag name, or the caller leads no party',
          409: 'Already a member, an invitation is waiting, or the party is full',
        },
      }),
      async (c) => {
        const invite = await parties.invite(deps, currentAuth(c).user, c.req.valid('json'));
        return c.json({ invite }, 201);
      },
    )
    .delete(
      '/party/invites/:id',
      endpoint({
        summary: 'Cancel a pending invitation (the leader)',
        permission: 'party.lead',
        responses: {
          200: INVITE,
          404: 'No such invitation of the caller’s party',
          409: 'Already answered or cancelled',
        },
      }),
      async (c) => {
        const invite = await parties.cancelInvite(deps, currentAuth(c).user, c.req.param('id'));
        return c.json({ invite });
      },
    )
    .post(
      '/party/invites/:id/accept',
      endpoint({
        summary: 'Accept an invitation (the invitee): they join the party',
        responses: {
          200: INVITE,
          404: 'No such invitation for the caller',
          409: 'Already answered or cancelled, or the party filled up first (the invitation is then cancelled)',
        },
      }),
      async (c) => {
        const invite = await parties.answerInvite(
          deps,
          currentAuth(c).user,
          c.req.param('id'),
          true,
        );
        return c.json({ invite });
      },
    )
    .post(
      '/party/invites/:id/decline',
      endpoint({
        summary: 'Decline an invitation (the invitee)',
        responses: {
          200: INVITE,
          404: 'No such invitation for the caller',
          409: 'Already answered or cancelled',
        },
      }),
      async (c) => {
        const invite = await parties.answerInvite(
          deps,
          currentAuth(c).user,
          c.req.param('id'),
          false,
        );
        return c.json({ invite });
      },
    )
    .delete(
      '/party/members/:user_id',
      endpoint({
        summary: 'Remove a member (the leader); they are told',
        permission: 'party.lead',
        responses: { 200: PARTY, 404: 'No such member of the caller’s party' },
      }),
      async (c) => {
        const party = await parties.removeMember(deps, currentAuth(c).user, c.req.param('user_id'));
        return c.json({ party });
      },
    )
    .post(
      '/parties/:id/leave',
      endpoint({
        summary: 'Leave a party the caller is a member of (the id is its leader’s)',
        responses: { 200: '{}', 404: 'The caller is not a member of this party' },
      }),
      async (c) => {
        await parties.leaveParty(deps, currentAuth(c).user, c.req.param('id'));
        return c.json({});
      },
    );
}
