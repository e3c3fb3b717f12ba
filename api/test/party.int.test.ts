/**
 * Parties over HTTP (issue 19): who may lead, invite and answer (401, 403, 404), field errors
 * (422), one led party per Student (409), invitations by tagname (unknown 404, yourself or a
 * non-Student 422, a member or a waiting invitation 409, a full party 409), accept and decline
 * by the invitee only (a forged id or someone else's invitation 404), cancelling, removing and
 * leaving, the notifications and mail each sends, and the member limit under concurrent accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../src/couch/userdb';
import { PARTY_MEMBERS_MAX } from '../src/schemas/projects';
import { notificationId } from '../src/schemas/userdb-rules';
import { client, demoSessions, newAccount, waitForMail, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
type Who = 'mei' | 'tomas' | 'aisha' | 'sofia' | 'amara';
let s: Record<Who, Session>;

type Err = { message: string; errors?: Record<string, string[]> };
interface Person {
  id: string;
  tagname: string | null;
  full_name: string;
}
interface Invite {
  id: string;
  party: { id: string; name: string };
  leader: Person;
  invitee: Person;
  status: string;
  decided_at: string | null;
}
interface Party {
  id: string;
  name: string;
  description: string;
  leader: Person;
  members: { user: Person; joined_at: string }[];
  invites: Invite[];
}
interface Overview {
  leader: Party | null;
  member: Party[];
  invitations: Invite[];
}

const tok = (who: Who) => s[who].token;
const overview = async (token: string) => {
  const res = await api.get<Overview>('/api/party', { token });
  expect(res.status).toBe(200);
  return res.body;
};
const inviteBy = (token: string, tagname: string) =>
  api.post<{ invite: Invite } & Err>('/api/party/invites', { token, body: { tagname } });
const answer = (token: string, id: string, verb: 'accept' | 'decline') =>
  api.post<{ invite: Invite } & Err>(`/api/party/invites/${id}/${verb}`, { token });

async function notified(userId: string, kind: string, key: string) {
  const db = server.deps.couch.server.use(userDbName(server.deps.couch, userId));
  return (await db.get(notificationId(kind, key))) as unknown as { link: string; title: string };
}
const keyOf = (invite: Invite, createdAt: string) => `${invite.id}-${Date.parse(createdAt)}`;
async function inviteDoc(id: string) {
  const [leader, invitee] = id.split('~');
  return (await server.deps.couch
    .db('projects')
    .get(`partyinvite:${leader}:${invitee}`)) as unknown as { created_at: string };
}

let studentCount = 0;
/** A new Student with a tagname. */
async function student(): Promise<{ token: string; id: string; tagname: string }> {
  const body = newAccount({ role: 'Student', full_name: `Student ${++studentCount}` });
  const res = await api.post<Session>('/api/register', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const tagname = `st${Date.now().toString(36)}_${studentCount}`;
  const set = await api.put('/api/user/tagname', { token: res.body.token, body: { tagname } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { token: res.body.token, id: res.body.user.id, tagname };
}

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  s = await demoSessions(api, ['mei', 'tomas', 'aisha', 'sofia', 'amara']);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('leading a party', () => {
  it('needs a signed-in Student; checks the fields; one party per leader', async () => {
    expect((await api.get('/api/party')).status).toBe(401);
    expect((await api.get('/api/party', { token: 'forged.token.here' })).status).toBe(401);
    const body = { name: 'Harbour crew', description: 'Field trips along the coast.' };
    expect((await api.post('/api/party', { body })).status).toBe(401);
    for (const who of ['sofia', 'amara'] as const)
      expect((await api.post('/api/party', { token: tok(who), body })).status).toBe(403);
    const bad = await api.post<Err>('/api/party', {
      token: tok('mei'),
      body: { name: 'ab', description: 'x'.repeat(1001), extra: 1 },
    });
    expect(bad.status).toBe(422);
    const missing = await api.post<Err>('/api/party', { token: tok('mei'), body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.name).toEqual(['Name your party.']);

    expect(await overview(tok('mei'))).toEqual({ leader: null, member: [], invitations: [] });
    const created = await api.post<{ party: Party }>('/api/party', { token: tok('mei'), body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.party).toMatchObject({
      id: s.mei.user.id,
      name: 'Harbour crew',
      description: 'Field trips along the coast.',
      leader: { id: s.mei.user.id, tagname: 'mei_lin' },
      members: [],
      invites: [],
    });
    const again = await api.post<Err>('/api/party', { token: tok('mei'), body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already lead a party.');
    expect((await overview(tok('mei'))).leader?.name).toBe('Harbour crew');
  });

  it('the leader renames it; a Student without a party gets 404', async () => {
    const renamed = await api.patch<{ party: Party }>('/api/party', {
      token: tok('mei'),
      body: { name: 'Harbour and hills crew' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.party).toMatchObject({
      name: 'Harbour and hills crew',
      description: 'Field trips along the coast.',
    });
    const bad = await api.patch<Err>('/api/party', { token: tok('mei'), body: { name: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.name).toEqual(['A name has at least 3 characters.']);
    expect(
      (await api.patch('/api/party', { token: tok('tomas'), body: { name: 'Mine now' } })).status,
    ).toBe(404);
    expect(
      (await api.patch('/api/party', { token: tok('sofia'), body: { name: 'Mine now' } })).status,
    ).toBe(403);
  });
});

describe('invitations', () => {
  let tomasInvite: Invite;

  it('by tagname, by the leader only: unknown 404, yourself or a non-Student 422', async () => {
    expect(
      (await api.post('/api/party/invites', { body: { tagname: 'tomas_novak' } })).status,
    ).toBe(401);
    expect((await inviteBy(tok('sofia'), 'tomas_novak')).status).toBe(403);
    // Tomas leads no party: he cannot invite.
    expect((await inviteBy(tok('tomas'), 'aisha_bello')).status).toBe(404);
    expect((await inviteBy(tok('mei'), 'nobody_has_this')).status).toBe(404);
    const self = await inviteBy(tok('mei'), '@Mei_Lin');
    expect(self.status).toBe(422);
    expect(self.body.errors?.tagname).toEqual(['You lead this party: invite someone else.']);
    const agent = await inviteBy(tok('mei'), 'amara_guides');
    expect(agent.status).toBe(422);
    expect(agent.body.errors?.tagname).toEqual(['Only students can join a party.']);
    const empty = await api.post<Err>('/api/party/invites', { token: tok('mei'), body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.tagname).toEqual(['Enter their tag name.']);
  });

  it('invites Tomas: he is notified and mailed with a way to answer; once at a time', async () => {
    const sent = await inviteBy(tok('mei'), '@tomas_novak');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    tomasInvite = sent.body.invite;
    expect(tomasInvite).toMatchObject({
      id: `${s.mei.user.id}~${s.tomas.user.id}`,
      party: { id: s.mei.user.id, name: 'Harbour and hills crew' },
      leader: { tagname: 'mei_lin' },
      invitee: { tagname: 'tomas_novak' },
      status: 'pending',
      decided_at: null,
    });
    const doc = await inviteDoc(tomasInvite.id);
    const note = await notified(
      s.tomas.user.id,
      'party_invite',
      keyOf(tomasInvite, doc.created_at),
    );
    expect(note.link).toBe('/party/member');
    const mail = await waitForMail(server, s.tomas.user.email, 'You are invited to a party');
    expect(mail.text).toContain('/party/member');

    const twice = await inviteBy(tok('mei'), 'tomas_novak');
    expect(twice.status).toBe(409);
    const mine = await overview(tok('tomas'));
    expect(mine.invitations.map((i) => i.id)).toEqual([tomasInvite.id]);
    expect(mine.invitations[0]!.party.name).toBe('Harbour and hills crew');
    expect((await overview(tok('mei'))).leader!.invites.map((i) => i.id)).toEqual([tomasInvite.id]);
  });

  it('only the invitee answers; a forged or foreign id is 404', async () => {
    expect((await answer(tok('aisha'), tomasInvite.id, 'accept')).status).toBe(404);
    expect((await answer(tok('mei'), tomasInvite.id, 'accept')).status).toBe(404);
    expect((await answer(tok('tomas'), 'not-an-invite', 'accept')).status).toBe(404);
    expect(
      (await answer(tok('tomas'), `${s.aisha.user.id}~${s.tomas.user.id}`, 'accept')).status,
    ).toBe(404);
    expect((await api.post(`/api/party/invites/${tomasInvite.id}/accept`)).status).toBe(401);
  });

  it('Tomas accepts: he is a member, Mei is told; answering again is 409', async () => {
    const accepted = await answer(tok('tomas'), tomasInvite.id, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.invite.status).toBe('accepted');
    expect(accepted.body.invite.decided_at).not.toBeNull();
    const doc = await inviteDoc(tomasInvite.id);
    const note = await notified(
      s.mei.user.id,
      'party_invite_accepted',
      keyOf(tomasInvite, doc.created_at),
    );
    expect(note.link).toBe('/party');
    await waitForMail(server, s.mei.user.email, 'Your invitation was accepted');

    const led = (await overview(tok('mei'))).leader!;
    expect(led.members.map((m) => m.user.tagname)).toEqual(['tomas_novak']);
    expect(led.invites).toEqual([]);
    const his = await overview(tok('tomas'));
    expect(his.member.map((p) => p.id)).toEqual([s.mei.user.id]);
    expect(his.member[0]!.invites).toEqual([]);
    expect(his.invitations).toEqual([]);

    expect((await answer(tok('tomas'), tomasInvite.id, 'accept')).status).toBe(409);
    expect((await answer(tok('tomas'), tomasInvite.id, 'decline')).status).toBe(409);
    const member = await inviteBy(tok('mei'), 'tomas_novak');
    expect(member.status).toBe(409);
    expect(member.body.message).toMatch(/already a member/);
  });

  it('Aisha declines (Mei is told); invited again, the invitation is cancelled by Mei', async () => {
    const first = (await inviteBy(tok('mei'), 'aisha_bello')).body.invite;
    const declined = await answer(tok('aisha'), first.id, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body.invite.status).toBe('declined');
    const firstDoc = await inviteDoc(first.id);
    await notified(s.mei.user.id, 'party_invite_declined', keyOf(first, firstDoc.created_at));
    expect((await api.delete(`/api/party/invites/${first.id}`, { token: tok('mei') })).status).toBe(
      409,
    );

    const second = await inviteBy(tok('mei'), 'aisha_bello');
    expect(second.status).toBe(201);
    expect(second.body.invite.id).toBe(first.id);
    // Only the leader cancels.
    expect(
      (await api.delete(`/api/party/invites/${first.id}`, { token: tok('aisha') })).status,
    ).toBe(404);
    expect(
      (await api.delete(`/api/party/invites/${first.id}`, { token: tok('tomas') })).status,
    ).toBe(404);
    const cancelled = await api.delete<{ invite: Invite }>(`/api/party/invites/${first.id}`, {
      token: tok('mei'),
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.invite.status).toBe('cancelled');
    expect((await answer(tok('aisha'), first.id, 'accept')).status).toBe(409);
    expect((await overview(tok('aisha'))).invitations).toEqual([]);
    expect((await overview(tok('mei'))).leader!.members).toHaveLength(1);
  });
});

describe('members', () => {
  it('the leader removes a member, who is told; another party is not theirs', async () => {
    // Aisha leads a party of her own with Tomas in it.
    expect(
      (await api.post('/api/party', { token: tok('aisha'), body: { name: 'Night market' } }))
        .status,
    ).toBe(201);
    const toTomas = (await inviteBy(tok('aisha'), 'tomas_novak')).body.invite;
    expect((await answer(tok('tomas'), toTomas.id, 'accept')).status).toBe(200);
    expect((await overview(tok('tomas'))).member.map((p) => p.name).sort()).toEqual([
      'Harbour and hills crew',
      'Night market',
    ]);
    // Mei cannot touch Aisha's party: its invitation or its member.
    expect(
      (await api.delete(`/api/party/invites/${toTomas.id}`, { token: tok('mei') })).status,
    ).toBe(404);
    expect(
      (await api.delete(`/api/party/members/${s.aisha.user.id}`, { token: tok('mei') })).status,
    ).toBe(404);
    expect(
      (await api.delete(`/api/party/members/${s.tomas.user.id}`, { token: tok('sofia') })).status,
    ).toBe(403);

    const removed = await api.delete<{ party: Party }>(`/api/party/members/${s.tomas.user.id}`, {
      token: tok('mei'),
    });
    expect(removed.status).toBe(200);
    expect(removed.body.party.members).toEqual([]);
    const party = (await server.deps.couch
      .db('projects')
      .get(`party:${s.mei.user.id}`)) as unknown as {
      updated_at: string;
    };
    const note = await notified(
      s.tomas.user.id,
      'party_removed',
      `${s.mei.user.id}~${s.tomas.user.id}-${Date.parse(party.updated_at)}`,
    );
    expect(note.link).toBe('/party/member');
    expect(
      (await api.delete(`/api/party/members/${s.tomas.user.id}`, { token: tok('mei') })).status,
    ).toBe(404);
    // Still in Aisha's.
    expect((await overview(tok('tomas'))).member.map((p) => p.name)).toEqual(['Night market']);
  });

  it('a member leaves; a non-member gets 404', async () => {
    expect((await api.post(`/api/parties/${s.aisha.user.id}/leave`)).status).toBe(401);
    expect(
      (await api.post(`/api/parties/${s.mei.user.id}/leave`, { token: tok('tomas') })).status,
    ).toBe(404);
    expect(
      (await api.post(`/api/parties/${s.aisha.user.id}/leave`, { token: tok('mei') })).status,
    ).toBe(404);
    expect((await api.post('/api/parties/nobody/leave', { token: tok('tomas') })).status).toBe(404);
    const left = await api.post(`/api/parties/${s.aisha.user.id}/leave`, { token: tok('tomas') });
    expect(left.status).toBe(200);
    expect(left.body).toEqual({});
    expect((await overview(tok('tomas'))).member).toEqual([]);
    expect((await overview(tok('aisha'))).leader!.members).toEqual([]);
    // He may be invited again and come back.
    const back = (await inviteBy(tok('aisha'), 'tomas_novak')).body.invite;
    expect((await answer(tok('tomas'), back.id, 'accept')).status).toBe(200);
    expect((await overview(tok('aisha'))).leader!.members.map((m) => m.user.id)).toEqual([
      s.tomas.user.id,
    ]);
  });
});

describe('the member limit', () => {
  it(`counts members and waiting invitations: at most ${PARTY_MEMBERS_MAX}`, async () => {
    const leader = await student();
    expect(
      (await api.post('/api/party', { token: leader.token, body: { name: 'Full house' } })).status,
    ).toBe(201);
    const others: Awaited<ReturnType<typeof student>>[] = [];
    for (let i = 0; i < PARTY_MEMBERS_MAX + 2; i++) others.push(await student());
    const invites: Invite[] = [];
    for (const other of others.slice(0, PARTY_MEMBERS_MAX)) {
      const res = await inviteBy(leader.token, other.tagname);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      invites.push(res.body.invite);
    }
    const full = await inviteBy(leader.token, others[PARTY_MEMBERS_MAX]!.tagname);
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/full/);

    // Two more invitations as if sent at the same moment as the others (both passed the count):
    // of all the accepts at once, only what fits gets in.
    const at = new Date().toISOString();
    for (const other of others.slice(PARTY_MEMBERS_MAX)) {
      await server.deps.couch.db('projects').insert({
        _id: `partyinvite:${leader.id}:${other.id}`,
        type: 'party_invite',
        leader_id: leader.id,
        invitee_id: other.id,
        status: 'pending',
        created_at: at,
        decided_at: null,
      } as never);
      invites.push({ id: `${leader.id}~${other.id}` } as Invite);
    }
    const results = await Promise.all(
      others.map((other, i) => answer(other.token, invites[i]!.id, 'accept')),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 200)).toHaveLength(PARTY_MEMBERS_MAX);
    expect(statuses.filter((st) => st === 409)).toHaveLength(2);
    const party = (await overview(leader.token)).leader!;
    expect(party.members).toHaveLength(PARTY_MEMBERS_MAX);
    const accepted = results.flatMap((r, i) => (r.status === 200 ? [others[i]!.id] : []));
    expect(party.members.map((m) => m.user.id).sort()).toEqual(accepted.sort());
    // Those left out are told why, and their invitations are closed (cancelled: party full), so
    // they no longer count towards the limit nor wait for ever.
    const refused = results.filter((r) => r.status === 409);
    for (const r of refused)
      expect(r.body.message).toMatch(/filled up before you accepted.*invite you again/);
    expect(party.invites).toHaveLength(0);
    const waiting = results.findIndex((r) => r.status === 409);
    const closed = (await server.deps.couch
      .db('projects')
      .get(`partyinvite:${leader.id}:${others[waiting]!.id}`)) as unknown as Record<
      string,
      unknown
    >;
    expect(closed).toMatchObject({ status: 'cancelled', reason: 'party_full' });
    expect((await answer(others[waiting]!.token, invites[waiting]!.id, 'accept')).status).toBe(409);
    // Once a place is free, the leader invites them again and they get in.
    const gone = party.members[0]!.user.id;
    expect((await api.delete(`/api/party/members/${gone}`, { token: leader.token })).status).toBe(
      200,
    );
    const again = await inviteBy(leader.token, others[waiting]!.tagname);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await answer(others[waiting]!.token, again.body.invite.id, 'accept')).status).toBe(200);
    expect((await overview(leader.token)).leader!.members).toHaveLength(PARTY_MEMBERS_MAX);
  }, 60_000);
});
