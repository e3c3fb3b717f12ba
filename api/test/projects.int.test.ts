/**
 * Projects and applications over HTTP (issue 19): who may post, see, apply, decide (401, 403,
 * 404), field errors (422), one application per student and per party per project (409), team
 * rules (the leader applies with current members of their party), the deadline moved past by
 * the clock, withdrawing, the shortlist's shape, accepts never exceeding the slots even when
 * fired at once, start/complete/cancel, messages to participants, reviews and their points,
 * profiles, the mirrors in the users' databases, notifications and mail, the CV rule, the
 * project box's live state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/lib/clock';
import { client, demoSessions, newAccount, waitForMail, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';
import { until } from './helpers/until';

let server: TestServer;
let api: ReturnType<typeof client>;
type Who = 'helen' | 'rafael' | 'mei' | 'tomas' | 'aisha' | 'sofia' | 'amara';
let people: Record<Who, Session>;
let tokens: Record<Who, string>;
let clock: ManualClock;

const DAY = 86_400_000;
type Err = { message: string; errors?: Record<string, string[]> };

interface Summary {
  id: string;
  title: string;
  expertise: { id: string; name: string }[];
  applicant_types: string[];
  slots: number;
  slots_left: number;
  deadline: string;
  status: string;
  lecturer: { id: string; tagname: string | null };
  application_count: number;
}
interface ProjectBody {
  project: Summary & {
    description: string;
    applicant_type: string;
    user: { tagname: string | null };
    published_at: string | null;
    started_at: string | null;
    completed_at: string | null;
    cancelled_at: string | null;
    actions: string[];
    my_application: Application | null;
  };
}
interface Application {
  id: string;
  project_id: string;
  project_title: string;
  type: string;
  applicant: { id: string };
  party: { id: string; name: string } | null;
  expertise: string;
  members: { user: { id: string }; expertise: string }[];
  status: string;
  decision_message: string | null;
  decided_at: string | null;
}
interface List<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

const day = (days: number) =>
  new Date(clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

let counter = 0;
const projectBody = (extra: Record<string, unknown> = {}) => ({
  title: `Design a walking tour of the old port number ${++counter}`,
  description:
    'Students research the history of the old port, plan a two-hour route and guide a test group.',
  expertise: ['tour-guide', 'photographer'],
  applicant_types: ['individual', 'team'],
  slots: 3,
  deadline: day(10),
  start_date: day(14),
  end_date: day(20),
  location: 'Porto',
  ...extra,
});

const applyBody = (extra: Record<string, unknown> = {}) => ({
  type: 'individual',
  apply_reason: 'I guide visitors in my home town every summer and love local history.',
  self_describe: 'A second-year tourism student who writes and photographs.',
  expertise: 'tour-guide',
  ...extra,
});

async function post(who: Who = 'helen', extra: Record<string, unknown> = {}) {
  const res = await api.post<ProjectBody>('/api/projects', {
    token: tokens[who],
    body: projectBody(extra),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.project;
}

async function applyAs(token: string, projectId: string, extra: Record<string, unknown> = {}) {
  return api.post<{ application: Application } & Err>(`/api/project/${projectId}/apply`, {
    token,
    body: applyBody(extra),
  });
}

async function applied(token: string, projectId: string, extra: Record<string, unknown> = {}) {
  const res = await applyAs(token, projectId, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.application;
}

let studentCounter = 0;
/** A new student with a tagname. */
async function newStudent(): Promise<Session> {
  const res = await api.post<Session>('/api/register', { body: newAccount({ role: 'Student' }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const tagname = `stu_${Date.now().toString(36)}_${++studentCounter}`;
  const tag = await api.put('/api/user/tagname', { token: res.body.token, body: { tagname } });
  expect(tag.status, JSON.stringify(tag.body)).toBe(200);
  return { ...res.body, user: { ...res.body.user, tagname } };
}

/** The party `leader` leads (as the party routes write it, branch h-party). */
async function makeParty(leader: Session, members: Session[], name = 'The Harbour Crew') {
  const at = clock.now().toISOString();
  await server.deps.couch.db('projects').insert({
    _id: `party:${leader.user.id}`,
    type: 'party',
    leader_id: leader.user.id,
    name,
    description: '',
    members: members.map((m) => ({ user_id: m.user.id, joined_at: at })),
    created_at: at,
    updated_at: at,
  } as never);
}

const accept = (projectId: string, appId: string, token = tokens.helen, message?: string) =>
  api.post<{ application: Application } & Err>(
    `/api/project/${projectId}/shortlist/${appId}/accept`,
    { token, body: message ? { message } : {} },
  );

const syncDoc = async <T>(token: string, id: string): Promise<{ status: number; doc: T }> => {
  const res = await server.request(`/api/sync/db/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, doc: (res.status === 200 ? await res.json() : null) as T };
};

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: 'true' });
  clock = server.deps.clock as ManualClock;
  api = client(server);
  people = await demoSessions(api, ['helen', 'rafael', 'mei', 'tomas', 'aisha', 'sofia', 'amara']);
  tokens = Object.fromEntries(Object.entries(people).map(([k, v]) => [k, v.token])) as Record<
    Who,
    string
  >;
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe('posting, seeing and editing a project', () => {
  it('only a lecturer posts; fields are checked with sentences', async () => {
    expect((await api.post('/api/projects', { body: projectBody() })).status).toBe(401);
    for (const who of ['mei', 'sofia', 'amara'] as const)
      expect(
        (await api.post('/api/projects', { token: tokens[who], body: projectBody() })).status,
      ).toBe(403);
    const bad = await api.post<Err>('/api/projects', {
      token: tokens.helen,
      body: { ...projectBody(), title: 'Short', slots: 0, end_date: day(13), applicant_types: [] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!).sort()).toEqual([
      'applicant_types',
      'end_date',
      'slots',
      'title',
    ]);
    const unknown = await api.post<Err>('/api/projects', {
      token: tokens.helen,
      body: projectBody({ expertise: ['juggling'] }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors!.expertise![0]).toMatch(/services/);
    const past = await api.post<Err>('/api/projects', {
      token: tokens.helen,
      body: projectBody({ deadline: day(-2) }),
    });
    expect(past.status).toBe(422);
    expect(past.body.errors!.deadline).toEqual(['Choose a deadline from today on.']);
    // Days that do not exist are refused like malformed ones (never compared as NaN later).
    const impossible = await api.post<Err>('/api/projects', {
      token: tokens.helen,
      body: projectBody({ deadline: '2027-02-30', start_date: '2027-13-45' }),
    });
    expect(impossible.status).toBe(422);
    expect(impossible.body.errors!.deadline).toEqual([
      'Choose the application deadline, such as 2027-03-14.',
    ]);
    expect(impossible.body.errors!.start_date).toEqual([
      'Choose the start date, such as 2027-03-14.',
    ]);
    const missing = await api.post<Err>('/api/projects', {
      token: tokens.helen,
      body: { ...projectBody(), end_date: undefined },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors!.end_date).toEqual(['Choose the end date.']);
    const query = await api.get<Err>('/api/projects?deadline_before=2027-02-30');
    expect(query.status).toBe(422);
    expect(query.body.errors!.deadline_before).toEqual(['A date such as 2027-03-14.']);
  });

  it('answers the contract shape, open by default, with the lecturer and the expertise names', async () => {
    const project = await post();
    expect(project).toMatchObject({
      status: 'open',
      slots: 3,
      slots_left: 3,
      application_count: 0,
      applicant_type: 'individual',
      applicant_types: ['individual', 'team'],
      location: 'Porto',
      user: { tagname: people.helen.user.tagname },
      lecturer: { id: people.helen.user.id, tagname: people.helen.user.tagname },
      expertise: [
        { id: 'tour-guide', name: 'Tour Guide' },
        { id: 'photographer', name: 'Photographer' },
      ],
      my_application: null,
      started_at: null,
    });
    expect(project.published_at).not.toBeNull();
    expect(project.actions).toEqual(['edit', 'shortlist', 'dashboard', 'cancel']);
    const seen = await api.get<ProjectBody>(`/api/project/${project.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.project.actions).toEqual([]);
    const student = await api.get<ProjectBody>(`/api/project/${project.id}`, { token: tokens.mei });
    expect(student.body.project.actions).toEqual(['apply']);
    expect((await api.get(`/api/project/nope`)).status).toBe(404);
  });

  it('a draft is seen by its lecturer only until published; edits are the lecturer’s', async () => {
    const draft = await post('helen', { status: 'draft' });
    expect(draft.status).toBe('draft');
    expect(draft.published_at).toBeNull();
    expect(draft.actions).toEqual(['edit', 'publish', 'cancel']);
    for (const token of [undefined, tokens.mei, tokens.rafael])
      expect((await api.get(`/api/project/${draft.id}`, { token })).status).toBe(404);
    expect((await applyAs(tokens.mei, draft.id)).status).toBe(404);
    const mine = await api.get<List<Summary>>('/api/lecturer/projects?per_page=50', {
      token: tokens.helen,
    });
    expect(mine.body.data.map((p) => p.id)).toContain(draft.id);
    expect((await api.get('/api/lecturer/projects', { token: tokens.mei })).status).toBe(403);
    const explore = await api.get<List<Summary>>('/api/projects?per_page=50');
    expect(explore.body.data.map((p) => p.id)).not.toContain(draft.id);

    expect(
      (await api.patch(`/api/project/${draft.id}`, { token: tokens.mei, body: { slots: 2 } }))
        .status,
    ).toBe(403);
    expect(
      (await api.patch(`/api/project/${draft.id}`, { token: tokens.rafael, body: { slots: 2 } }))
        .status,
    ).toBe(404);
    const badEdit = await api.patch<Err>(`/api/project/${draft.id}`, {
      token: tokens.helen,
      body: { end_date: day(1) },
    });
    expect(badEdit.status).toBe(422);
    expect(badEdit.body.errors!.end_date).toBeDefined();
    const published = await api.patch<ProjectBody>(`/api/project/${draft.id}`, {
      token: tokens.helen,
      body: { status: 'open', slots: 5, title: 'A renamed walking tour of the old port' },
    });
    expect(published.status).toBe(200);
    expect(published.body.project).toMatchObject({
      status: 'open',
      slots: 5,
      title: 'A renamed walking tour of the old port',
    });
    expect(published.body.project.published_at).not.toBeNull();
    expect((await api.get(`/api/project/${draft.id}`, { token: tokens.mei })).status).toBe(200);
  });

  it('a draft whose deadline has passed is not published until the deadline is moved', async () => {
    const draft = await post('helen', {
      status: 'draft',
      deadline: day(1),
      start_date: day(3),
      end_date: day(5),
    });
    clock.advance(2 * DAY);
    const stale = await api.patch<Err>(`/api/project/${draft.id}`, {
      token: tokens.helen,
      body: { status: 'open' },
    });
    expect(stale.status).toBe(422);
    expect(stale.body.errors!.deadline).toEqual(['Choose a deadline from today on.']);
    // An edit that keeps it a draft is not refused for the old deadline.
    const edit = await api.patch(`/api/project/${draft.id}`, {
      token: tokens.helen,
      body: { slots: 2 },
    });
    expect(edit.status).toBe(200);
    const moved = await api.patch<ProjectBody>(`/api/project/${draft.id}`, {
      token: tokens.helen,
      body: { status: 'open', deadline: day(1) },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.project.status).toBe('open');
  });

  it('Explore lists open projects newest first, with filters and pages', async () => {
    const teamsOnly = await post('rafael', {
      applicant_types: ['team'],
      expertise: ['chef'],
      title: 'Cook a harbour feast for sixty guests',
      deadline: day(3),
    });
    const later = await post('rafael', { expertise: ['wedding-planner'], deadline: day(12) });
    const all = await api.get<List<Summary>>('/api/projects?per_page=50');
    expect(all.status).toBe(200);
    const ids = all.body.data.map((p) => p.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(teamsOnly.id));
    const chef = await api.get<List<Summary>>('/api/projects?expertise=chef');
    expect(chef.body.data.map((p) => p.id)).toEqual([teamsOnly.id]);
    const team = await api.get<List<Summary>>('/api/projects?type=team&per_page=50');
    expect(team.body.data.map((p) => p.id)).toContain(teamsOnly.id);
    const individual = await api.get<List<Summary>>('/api/projects?type=individual&per_page=50');
    expect(individual.body.data.map((p) => p.id)).not.toContain(teamsOnly.id);
    const q = await api.get<List<Summary>>('/api/projects?q=harbour%20feast');
    expect(q.body.data.map((p) => p.id)).toEqual([teamsOnly.id]);
    const soon = await api.get<List<Summary>>(
      `/api/projects?deadline_before=${day(5)}&per_page=50`,
    );
    expect(soon.body.data.map((p) => p.id)).toContain(teamsOnly.id);
    expect(soon.body.data.every((p) => p.deadline <= day(5))).toBe(true);
    const paged = await api.get<List<Summary>>('/api/projects?per_page=1&page=2');
    expect(paged.body.meta).toMatchObject({ page: 2, per_page: 1, total: all.body.meta.total });
    expect(paged.body.data).toHaveLength(1);
    const bad = await api.get<Err>('/api/projects?type=crowd&deadline_before=soon');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['deadline_before', 'type']);
  });
});

describe('applying', () => {
  it('a student applies once per project; the answer and the lists show it', async () => {
    const project = await post();
    for (const who of ['helen', 'sofia'] as const)
      expect((await applyAs(tokens[who], project.id)).status).toBe(403);
    expect((await api.post(`/api/project/${project.id}/apply`, { body: applyBody() })).status).toBe(
      401,
    );
    const bad = await applyAs(tokens.mei, project.id, { apply_reason: 'short', expertise: 'chef' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors!.apply_reason).toBeDefined();
    const wrongExpertise = await applyAs(tokens.mei, project.id, { expertise: 'chef' });
    expect(wrongExpertise.status).toBe(422);
    expect(wrongExpertise.body.errors!.expertise).toBeDefined();

    const app = await applied(tokens.mei, project.id);
    expect(app).toMatchObject({
      id: `${project.id}:u:${people.mei.user.id}`,
      project_id: project.id,
      type: 'individual',
      applicant: { id: people.mei.user.id },
      party: null,
      members: [],
      expertise: 'tour-guide',
      status: 'pending',
      decision_message: null,
    });
    const again = await applyAs(tokens.mei, project.id);
    expect(again.status).toBe(409);
    // Two at once: one is written, the other is CouchDB's conflict.
    const [a, b] = await Promise.all([
      applyAs(tokens.tomas, project.id),
      applyAs(tokens.tomas, project.id),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);

    const seen = await api.get<ProjectBody>(`/api/project/${project.id}`, { token: tokens.mei });
    expect(seen.body.project.my_application?.id).toBe(app.id);
    expect(seen.body.project.actions).toEqual(['withdraw']);
    expect(seen.body.project.application_count).toBe(2);
    const mine = await api.get<List<Application>>('/api/applications', { token: tokens.mei });
    expect(mine.body.data[0]).toMatchObject({ id: app.id, project_title: project.title });
    expect((await api.get('/api/applications', { token: tokens.helen })).status).toBe(403);
  });

  it('a project takes only the applicant types it allows', async () => {
    const teams = await post('helen', { applicant_types: ['team'] });
    const res = await applyAs(tokens.mei, teams.id);
    expect(res.status).toBe(422);
    expect(res.body.errors!.type).toEqual(['This project takes teams only.']);
  });

  it('a team is the caller’s party: its leader applies with current members', async () => {
    const project = await post();
    const [leader, member, outsider] = [await newStudent(), await newStudent(), await newStudent()];
    const team = (members: { user_id: string; expertise: string }[]) => ({
      type: 'team',
      expertise: 'tour-guide',
      members,
    });
    const noParty = await applyAs(
      leader.token,
      project.id,
      team([{ user_id: member.user.id, expertise: 'photographer' }]),
    );
    expect(noParty.status).toBe(422);
    expect(noParty.body.errors!.type).toBeDefined();
    await makeParty(leader, [member]);
    const notMember = await applyAs(
      leader.token,
      project.id,
      team([{ user_id: outsider.user.id, expertise: 'photographer' }]),
    );
    expect(notMember.status).toBe(422);
    expect(notMember.body.errors!.members).toBeDefined();
    const badExpertise = await applyAs(
      leader.token,
      project.id,
      team([{ user_id: member.user.id, expertise: 'chef' }]),
    );
    expect(badExpertise.status).toBe(422);
    expect(badExpertise.body.errors!.members).toBeDefined();
    const noMembers = await applyAs(leader.token, project.id, team([]));
    expect(noMembers.status).toBe(422);
    // A member of the party cannot apply as the team: they lead no party.
    const asMember = await applyAs(
      member.token,
      project.id,
      team([{ user_id: leader.user.id, expertise: 'photographer' }]),
    );
    expect(asMember.status).toBe(422);

    const app = await applied(
      leader.token,
      project.id,
      team([{ user_id: member.user.id, expertise: 'photographer' }]),
    );
    expect(app).toMatchObject({
      id: `${project.id}:t:${leader.user.id}`,
      type: 'team',
      party: { id: leader.user.id, name: 'The Harbour Crew' },
      members: [{ user: { id: member.user.id }, expertise: 'photographer' }],
    });
    // A member of a live team application is in no other application of the project.
    expect((await applyAs(member.token, project.id)).status).toBe(409);
    expect((await applyAs(leader.token, project.id)).status).toBe(409);
    // And the member sees it among their applications and on the project.
    const theirs = await api.get<List<Application>>('/api/applications', { token: member.token });
    expect(theirs.body.data.map((a) => a.id)).toContain(app.id);
    const seen = await api.get<ProjectBody>(`/api/project/${project.id}`, { token: member.token });
    expect(seen.body.project.my_application?.id).toBe(app.id);
    expect(seen.body.project.actions).toEqual([]);
    // Only the leader withdraws it.
    expect(
      (await api.delete(`/api/project/${project.id}/apply`, { token: member.token })).status,
    ).toBe(403);

    // A student applying alone first keeps a team with them out.
    const project2 = await post();
    await applied(member.token, project2.id);
    const blocked = await applyAs(
      leader.token,
      project2.id,
      team([{ user_id: member.user.id, expertise: 'photographer' }]),
    );
    expect(blocked.status).toBe(409);
  });

  it('withdraws a pending application; it may be sent again', async () => {
    const project = await post();
    expect(
      (await api.delete(`/api/project/${project.id}/apply`, { token: tokens.aisha })).status,
    ).toBe(404);
    const app = await applied(tokens.aisha, project.id);
    const gone = await api.delete<{ application: Application }>(
      `/api/project/${project.id}/apply`,
      {
        token: tokens.aisha,
      },
    );
    expect(gone.status).toBe(200);
    expect(gone.body.application).toMatchObject({ id: app.id, status: 'withdrawn' });
    const shortlist = await api.get<{ shortlistIndividual: unknown[] }>(
      `/api/project/${project.id}/shortlist`,
      { token: tokens.helen },
    );
    expect(shortlist.body.shortlistIndividual).toEqual([]);
    expect(
      (await api.get<ProjectBody>(`/api/project/${project.id}`)).body.project.application_count,
    ).toBe(0);
    const again = await applied(tokens.aisha, project.id);
    expect(again.status).toBe('pending');
    await accept(project.id, again.id);
    const late = await api.delete<Err>(`/api/project/${project.id}/apply`, { token: tokens.aisha });
    expect(late.status).toBe(409);
  });

  it('takes no applications after the end of the deadline day (UTC), moved by the clock', async () => {
    const project = await post('helen', { deadline: day(1), start_date: day(5), end_date: day(6) });
    const before = await api.get<ProjectBody>(`/api/project/${project.id}`, { token: tokens.mei });
    expect(before.body.project.actions).toContain('apply');
    clock.advance(2 * DAY);
    const closed = await applyAs(tokens.mei, project.id);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/deadline/);
    const after = await api.get<ProjectBody>(`/api/project/${project.id}`, { token: tokens.mei });
    expect(after.body.project.actions).not.toContain('apply');
    const explore = await api.get<List<Summary>>('/api/projects?per_page=50');
    expect(explore.body.data.map((p) => p.id)).not.toContain(project.id);
  });
});

describe('the shortlist and decisions', () => {
  it('shows the lecturer individuals and teams in the contract’s shape', async () => {
    const project = await post();
    const [leader, member] = [await newStudent(), await newStudent()];
    await makeParty(leader, [member], 'Port Lights');
    const solo = await applied(tokens.mei, project.id);
    const team = await applied(leader.token, project.id, {
      type: 'team',
      expertise: 'photographer',
      members: [{ user_id: member.user.id, expertise: 'tour-guide' }],
    });
    expect(
      (await api.get(`/api/project/${project.id}/shortlist`, { token: tokens.mei })).status,
    ).toBe(403);
    expect(
      (await api.get(`/api/project/${project.id}/shortlist`, { token: tokens.rafael })).status,
    ).toBe(404);
    await accept(project.id, solo.id, tokens.helen, 'Welcome aboard!');
    const res = await api.get<Record<string, unknown>>(`/api/project/${project.id}/shortlist`, {
      token: tokens.helen,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'project',
      'shortlistIndividual',
      'shortlistTeam',
    ]);
    expect(res.body.shortlistIndividual).toEqual([
      {
        id: solo.id,
        from_id: people.mei.user.id,
        from: {
          full_name: 'Mei Lin',
          tagname: people.mei.user.tagname,
          avatar: people.mei.user.avatar,
        },
        expertise: 'tour-guide',
        apply_reason: applyBody().apply_reason,
        self_describe: applyBody().self_describe,
        user_id: people.mei.user.id,
        applicant_type: 'Individual',
        isAccepted: true,
        status: 'accepted',
        created_at: expect.any(String),
      },
    ]);
    expect(res.body.shortlistTeam).toEqual([
      {
        id: team.id,
        from_id: leader.user.id,
        applicant_type: 'Team',
        leader_id: leader.user.id,
        team_name: 'Port Lights',
        apply_reason: applyBody().apply_reason,
        self_describe: applyBody().self_describe,
        isAccepted: false,
        status: 'pending',
        applicant_team_members: [
          {
            id: leader.user.id,
            member: {
              id: leader.user.id,
              full_name: 'Test Person',
              tagname: leader.user.tagname,
              avatar: null,
            },
            expertise: 'photographer',
          },
          {
            id: member.user.id,
            member: {
              id: member.user.id,
              full_name: 'Test Person',
              tagname: member.user.tagname,
              avatar: null,
            },
            expertise: 'tour-guide',
          },
        ],
        created_at: expect.any(String),
      },
    ]);
    expect((res.body.project as { id: string }).id).toBe(project.id);

    // Declined with a message: each member of the team hears of it.
    const declined = await api.post<{ application: Application }>(
      `/api/project/${project.id}/shortlist/${team.id}/decline`,
      { token: tokens.helen, body: { message: 'We chose a smaller group this time.' } },
    );
    expect(declined.status).toBe(200);
    expect(declined.body.application).toMatchObject({
      status: 'declined',
      decision_message: 'We chose a smaller group this time.',
    });
    expect((await accept(project.id, team.id)).status).toBe(409);
    const declineAccepted = await api.post(
      `/api/project/${project.id}/shortlist/${solo.id}/decline`,
      {
        token: tokens.helen,
        body: {},
      },
    );
    expect(declineAccepted.status).toBe(409);
    for (const who of [leader, member])
      await until(
        10_000,
        'application_declined notification',
        async () =>
          (await syncDoc(who.token, `notification:application_declined:${team.id}:${who.user.id}`))
            .status === 200,
      );
    // Someone else's project or application: 404.
    expect((await accept(project.id, solo.id, tokens.rafael)).status).toBe(404);
    expect((await accept(project.id, `${project.id}:u:nobody`)).status).toBe(404);
    const other = await post();
    expect((await accept(other.id, solo.id)).status).toBe(404);
    const tooLong = await api.post<Err>(`/api/project/${project.id}/shortlist/${solo.id}/accept`, {
      token: tokens.helen,
      body: { message: 'x'.repeat(1001) },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors!.message).toBeDefined();
  });

  it('never accepts more than the slots, even six accepts at once; accepting again is the same', async () => {
    const project = await post('helen', { slots: 2 });
    const students: Session[] = [];
    // One after another: registrations at once are held back by the API's work limit.
    for (let i = 0; i < 6; i++) students.push(await newStudent());
    const apps = [];
    for (const s of students) apps.push(await applied(s.token, project.id));
    const results = await Promise.all(apps.map((a) => accept(project.id, a.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    const winners = apps.filter((_, i) => results[i]!.status === 200);
    const seen = await api.get<ProjectBody>(`/api/project/${project.id}`, { token: tokens.helen });
    expect(seen.body.project.slots_left).toBe(0);
    const list = await api.get<{ shortlistIndividual: { id: string; isAccepted: boolean }[] }>(
      `/api/project/${project.id}/shortlist`,
      { token: tokens.helen },
    );
    expect(
      list.body.shortlistIndividual
        .filter((a) => a.isAccepted)
        .map((a) => a.id)
        .sort(),
    ).toEqual(winners.map((w) => w.id).sort());
    const again = await accept(project.id, winners[0]!.id);
    expect(again.status).toBe(200);
    expect(again.body.application.status).toBe('accepted');
    // Full: a new student cannot apply; fewer places than accepted is refused.
    const late = await newStudent();
    expect((await applyAs(late.token, project.id)).status).toBe(409);
    const shrink = await api.patch<Err>(`/api/project/${project.id}`, {
      token: tokens.helen,
      body: { slots: 1 },
    });
    expect(shrink.status).toBe(422);
    expect(shrink.body.errors!.slots).toBeDefined();
    // The accepted student hears of it.
    const winner = students[apps.indexOf(winners[0]!)]!;
    await until(
      10_000,
      'application_accepted notification',
      async () =>
        (
          await syncDoc(
            winner.token,
            `notification:application_accepted:${winners[0]!.id}:${winner.user.id}`,
          )
        ).status === 200,
    );
  });
  it('a withdrawn application is never accepted: 409, and its slot stays free', async () => {
    const project = await post('helen', { slots: 1 });
    const student = await newStudent();
    const app = await applied(student.token, project.id);
    const gone = await api.delete(`/api/project/${project.id}/apply`, { token: student.token });
    expect(gone.status).toBe(200);
    const late = await accept(project.id, app.id);
    expect(late.status).toBe(409);
    const seen = await api.get<ProjectBody>(`/api/project/${project.id}`, { token: tokens.helen });
    expect(seen.body.project.slots_left).toBe(1);

    // The race: an accept's project write lands after the withdraw, and the follow-up runs
    // before the accept's application write. The follow-up gives the slot back.
    const db = server.deps.couch.db('projects');
    type Doc = { seq: number; accepted: string[]; outbox: unknown[] };
    const doc = await until(10_000, 'the withdraw’s follow-up', async () => {
      const read = (await db.get(`project:${project.id}`)) as unknown as Doc;
      return read.outbox.length === 0 ? read : null;
    });
    const at = clock.now().toISOString();
    await db.insert({
      ...doc,
      accepted: [app.id],
      seq: doc.seq + 1,
      outbox: [
        ...doc.outbox,
        {
          id: `${doc.seq + 1}-accepted`,
          kind: 'accepted',
          at,
          by: people.helen.user.id,
          application_id: app.id,
        },
      ],
    } as never);
    await server.orderTimers.sweep();
    await until(
      10_000,
      'the slot given back',
      async () => ((await db.get(`project:${project.id}`)) as unknown as Doc).accepted.length === 0,
    );
    const stored = (await db.get(`application:${app.id}`)) as unknown as { status: string };
    expect(stored.status).toBe('withdrawn');
    const after = await api.get<ProjectBody>(`/api/project/${project.id}`, { token: tokens.helen });
    expect(after.body.project.slots_left).toBe(1);
    expect((await accept(project.id, app.id)).status).toBe(409);
  });
});

describe('the project’s life: start, dashboard, messages, completion, reviews', () => {
  it('runs from open to completed, with participants, messages, reviews and points', async () => {
    const project = await post('helen', { slots: 3 });
    const [leader, member] = [await newStudent(), await newStudent()];
    await makeParty(leader, [member], 'Quay Walkers');
    const tooSoon = await api.post<Err>(`/api/project/${project.id}/start`, {
      token: tokens.helen,
    });
    expect(tooSoon.status).toBe(409);
    const solo = await applied(tokens.tomas, project.id, { expertise: 'photographer' });
    const team = await applied(leader.token, project.id, {
      type: 'team',
      members: [{ user_id: member.user.id, expertise: 'photographer' }],
    });
    const waiting = await applied(tokens.aisha, project.id);
    expect((await accept(project.id, solo.id)).status).toBe(200);
    expect((await accept(project.id, team.id)).status).toBe(200);

    // The dashboard: the lecturer and participants; nobody else.
    expect(
      (await api.get(`/api/project/${project.id}/dashboard`, { token: tokens.aisha })).status,
    ).toBe(404);
    expect(
      (await api.get(`/api/project/${project.id}/dashboard`, { token: tokens.rafael })).status,
    ).toBe(404);
    const board = await api.get<{
      participants: {
        user: { id: string };
        expertise: string;
        type: string;
        team: { name: string } | null;
      }[];
      teams: { application_id: string; members: { id: string }[] }[];
      pending_count: number;
      project: { id: string };
    }>(`/api/project/${project.id}/dashboard`, { token: member.token });
    expect(board.status).toBe(200);
    expect(
      board.body.participants.map((p) => [p.user.id, p.expertise, p.type, p.team?.name ?? null]),
    ).toEqual([
      [people.tomas.user.id, 'photographer', 'individual', null],
      [leader.user.id, 'tour-guide', 'team', 'Quay Walkers'],
      [member.user.id, 'photographer', 'team', 'Quay Walkers'],
    ]);
    expect(board.body.teams).toEqual([
      {
        application_id: team.id,
        party: { id: leader.user.id, name: 'Quay Walkers' },
        members: expect.any(Array),
      },
    ]);
    expect(board.body.teams[0]!.members.map((m) => m.id)).toEqual([leader.user.id, member.user.id]);
    expect(board.body.pending_count).toBe(1);

    // A message to every participant, each in its conversation.
    expect(
      (
        await api.post(`/api/project/${project.id}/message`, {
          token: tokens.helen,
          body: { text: '' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api.post(`/api/project/${project.id}/message`, {
          token: tokens.mei,
          body: { text: 'Hi' },
        })
      ).status,
    ).toBe(403);
    const sent = await api.post<{ conversation_ids: string[] }>(
      `/api/project/${project.id}/message`,
      {
        token: tokens.helen,
        body: { text: 'We meet at the harbour gate on the first day at nine.' },
      },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.conversation_ids).toHaveLength(3);
    const inbox = await api.get<{ data: { id: string }[] }>('/api/inbox', { token: member.token });
    expect(inbox.body.data.map((c) => c.id)).toEqual(
      expect.arrayContaining(
        sent.body.conversation_ids.filter((id) => id.includes(member.user.id)),
      ),
    );

    const started = await api.post<ProjectBody>(`/api/project/${project.id}/start`, {
      token: tokens.helen,
    });
    expect(started.status).toBe(200);
    expect(started.body.project.status).toBe('in_progress');
    expect(started.body.project.started_at).not.toBeNull();
    expect(
      (await api.post(`/api/project/${project.id}/start`, { token: tokens.helen })).status,
    ).toBe(409);
    expect((await api.post(`/api/project/${project.id}/start`, { token: tokens.mei })).status).toBe(
      403,
    );
    expect(
      (await api.post(`/api/project/${project.id}/start`, { token: tokens.rafael })).status,
    ).toBe(404);
    expect(
      (await api.patch(`/api/project/${project.id}`, { token: tokens.helen, body: { slots: 4 } }))
        .status,
    ).toBe(409);
    // Reviews wait for completion.
    const early = await api.post(`/api/project/${project.id}/reviews`, {
      token: tokens.helen,
      body: { user_id: member.user.id, rating: 5, comment: 'Wonderful photographs of the quay.' },
    });
    expect(early.status).toBe(409);

    const done = await api.post<ProjectBody>(`/api/project/${project.id}/complete`, {
      token: tokens.helen,
    });
    expect(done.status).toBe(200);
    expect(done.body.project.status).toBe('completed');
    expect(done.body.project.actions).toEqual(['dashboard', 'review']);
    expect(
      (await api.post(`/api/project/${project.id}/cancel`, { token: tokens.helen })).status,
    ).toBe(409);
    expect(
      (await api.post(`/api/project/${project.id}/complete`, { token: tokens.helen })).status,
    ).toBe(409);

    const notParticipant = await api.post<Err>(`/api/project/${project.id}/reviews`, {
      token: tokens.helen,
      body: { user_id: people.aisha.user.id, rating: 4, comment: 'Never took part in it at all.' },
    });
    expect(notParticipant.status).toBe(422);
    expect(notParticipant.body.errors!.user_id).toBeDefined();
    const badFields = await api.post<Err>(`/api/project/${project.id}/reviews`, {
      token: tokens.helen,
      body: { user_id: member.user.id, rating: 6, comment: 'ok' },
    });
    expect(badFields.status).toBe(422);
    expect(Object.keys(badFields.body.errors!).sort()).toEqual(['comment', 'rating']);
    const review = await api.post<{ review: Record<string, unknown> }>(
      `/api/project/${project.id}/reviews`,
      {
        token: tokens.helen,
        body: { user_id: member.user.id, rating: 5, comment: 'Wonderful photographs of the quay.' },
      },
    );
    expect(review.status).toBe(201);
    expect(review.body.review).toMatchObject({
      id: `${project.id}:${member.user.id}`,
      project: { id: project.id, title: project.title },
      subject: { id: member.user.id },
      reviewer: { id: people.helen.user.id },
      rating: 5,
      expertise: 'photographer',
      points: 50,
    });
    const twice = await api.post(`/api/project/${project.id}/reviews`, {
      token: tokens.helen,
      body: { user_id: member.user.id, rating: 3, comment: 'A second opinion on the work.' },
    });
    expect(twice.status).toBe(409);
    expect(
      (
        await api.post(`/api/project/${project.id}/reviews`, {
          token: tokens.rafael,
          body: { user_id: member.user.id, rating: 3, comment: 'Not my project to review.' },
        })
      ).status,
    ).toBe(404);
    const points = await server.deps.couch.db('projects').view('points', 'by_user', {
      key: [member.user.id, 'photographer'],
      group: true,
    } as never);
    expect(points.rows.map((r) => r.value)).toEqual([50]);

    // The participant sees the review on the dashboard and on their public profile.
    const after = await api.get<{
      participants: { user: { id: string }; review: { rating: number } | null }[];
    }>(`/api/project/${project.id}/dashboard`, { token: member.token });
    expect(after.body.participants.find((p) => p.user.id === member.user.id)?.review?.rating).toBe(
      5,
    );
    const profile = await api.get<{
      data: { project: Summary; review: { rating: number } | null }[];
    }>(`/api/users/${member.user.tagname}/projects`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toEqual([
      {
        project: expect.objectContaining({ id: project.id, status: 'completed' }),
        review: expect.objectContaining({ rating: 5 }),
      },
    ]);
    await until(
      10_000,
      'project_review notification',
      async () =>
        (await syncDoc(member.token, `notification:project_review:${project.id}:${member.user.id}`))
          .status === 200,
    );
    // The application still waiting at the end is closed (declined), its student told; no
    // participant.
    await server.deps.jobs.idle();
    const aishaApp = await api.get<List<Application>>('/api/applications', { token: tokens.aisha });
    expect(aishaApp.body.data.find((a) => a.id === waiting.id)?.status).toBe('declined');
    await until(
      10_000,
      'application_declined notification of the waiting applicant',
      async () =>
        (
          await syncDoc(
            tokens.aisha,
            `notification:application_declined:${waiting.id}:${people.aisha.user.id}`,
          )
        ).status === 200,
    );
  });

  it('a message skips a participant who blocked the lecturer; a retry sends nothing twice', async () => {
    const project = await post('helen', { slots: 3 });
    const [open, blocking] = [await newStudent(), await newStudent()];
    for (const s of [open, blocking])
      expect((await accept(project.id, (await applied(s.token, project.id)).id)).status).toBe(200);
    const block = await api.post('/api/inbox/blocked', {
      token: blocking.token,
      body: { tagname: people.helen.user.tagname },
    });
    expect(block.status).toBe(204);
    type Sent = {
      conversation_ids: string[];
      skipped: { user_id: string; reason: string }[];
    };
    const send = () =>
      api.post<Sent>(`/api/project/${project.id}/message`, {
        token: tokens.helen,
        body: { text: 'Bring walking shoes on the first day.' },
      });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.conversation_ids).toHaveLength(1);
    expect(first.body.conversation_ids[0]).toContain(open.user.id);
    expect(first.body.skipped).toEqual([
      { user_id: blocking.user.id, reason: 'This member is not accepting messages from you.' },
    ]);
    // A client's retry (the answer lost) sends the same messages again: nothing twice.
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    await server.deps.jobs.idle();
    const thread = await api.get<{ data: unknown[] }>(
      `/api/inbox/${first.body.conversation_ids[0]}/messages`,
      { token: open.token },
    );
    expect(thread.status).toBe(200);
    expect(thread.body.data).toHaveLength(1);
  });

  it('cancelling declines the waiting applications; a cancelled project takes nothing more', async () => {
    const project = await post();
    const waiting = await applied(tokens.mei, project.id);
    const cancelled = await api.post<ProjectBody>(`/api/project/${project.id}/cancel`, {
      token: tokens.helen,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.project).toMatchObject({ status: 'cancelled', actions: [] });
    expect(cancelled.body.project.cancelled_at).not.toBeNull();
    const mine = await api.get<List<Application>>('/api/applications', { token: tokens.mei });
    expect(mine.body.data.find((a) => a.id === waiting.id)?.status).toBe('declined');
    expect((await applyAs(tokens.tomas, project.id)).status).toBe(409);
    expect(
      (await api.post(`/api/project/${project.id}/cancel`, { token: tokens.helen })).status,
    ).toBe(409);
    expect(
      (await api.patch(`/api/project/${project.id}`, { token: tokens.helen, body: { slots: 4 } }))
        .status,
    ).toBe(409);
    await until(
      10_000,
      'project_cancelled notification',
      async () =>
        (
          await syncDoc(
            tokens.mei,
            `notification:project_cancelled:${project.id}:${people.mei.user.id}`,
          )
        ).status === 200,
    );
  });
});

describe('mirrors, mail, profiles and the hooks in other domains', () => {
  it('writes the lecturer’s project mirror and each team member’s application mirror, server-owned', async () => {
    const project = await post();
    const [leader, member] = [await newStudent(), await newStudent()];
    await makeParty(leader, [member], 'Mirror Makers');
    const team = await applied(leader.token, project.id, {
      type: 'team',
      members: [{ user_id: member.user.id, expertise: 'photographer' }],
    });
    await accept(project.id, team.id);
    type ProjectMirror = {
      type: string;
      project: { id: string; slots_left: number };
      applications: { id: string; status: string }[];
    };
    const mirror = await until(10_000, 'the project mirror with the accept', async () => {
      const read = await syncDoc<ProjectMirror>(tokens.helen, `project:${project.id}`);
      return read.status === 200 && read.doc.applications[0]?.status === 'accepted'
        ? read.doc
        : null;
    });
    expect(mirror.type).toBe('project_mirror');
    expect(mirror.project.slots_left).toBe(2);
    type AppMirror = {
      type: string;
      application: { id: string; status: string };
      project: { id: string };
    };
    for (const who of [leader, member]) {
      const appMirror = await until(10_000, 'the application mirror', async () => {
        const read = await syncDoc<AppMirror>(who.token, `application:${team.id}`);
        return read.status === 200 && read.doc.application.status === 'accepted' ? read.doc : null;
      });
      expect(appMirror).toMatchObject({ type: 'application_mirror', project: { id: project.id } });
    }
    const write = await server.request(
      `/api/sync/db/${encodeURIComponent(`application:${team.id}`)}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          _id: `application:${team.id}`,
          type: 'application_mirror',
          id: team.id,
        }),
      },
    );
    expect(write.status).toBe(403);
  });

  it('an application’s event rewrites its own mirror only; an edit of the project rewrites all', async () => {
    const project = await post();
    const [first, second] = [await newStudent(), await newStudent()];
    const db = server.deps.couch.db('projects');
    const published = () =>
      until(
        10_000,
        'the follow-up',
        async () =>
          ((await db.get(`project:${project.id}`)) as unknown as { outbox: unknown[] }).outbox
            .length === 0,
      );
    type AppMirror = { _rev: string; source_seq: number; project: { title: string } };
    const mirrorOf = async (who: Session, appId: string) =>
      until(10_000, 'the application mirror', async () => {
        const read = await syncDoc<AppMirror>(who.token, `application:${appId}`);
        return read.status === 200 ? read.doc : null;
      });
    const firstApp = await applied(first.token, project.id);
    await published();
    const before = await mirrorOf(first, firstApp.id);
    const secondApp = await applied(second.token, project.id);
    await published();
    // Written after the first's would be (mirrors go in the order of the applications).
    await mirrorOf(second, secondApp.id);
    expect((await mirrorOf(first, firstApp.id))._rev).toBe(before._rev);
    const title = 'A walking tour of the old port, renamed';
    expect(
      (await api.patch(`/api/project/${project.id}`, { token: tokens.helen, body: { title } }))
        .status,
    ).toBe(200);
    for (const [who, app] of [
      [first, firstApp],
      [second, secondApp],
    ] as const)
      await until(
        10_000,
        'the renamed project in the mirror',
        async () => (await mirrorOf(who, app.id)).project.title === title,
      );
  });

  it('the timers’ sweep publishes a follow-up a stopped process left in the outbox', async () => {
    const project = await post();
    const db = server.deps.couch.db('projects');
    type Doc = { _rev: string; title: string; seq: number; outbox: { id: string }[] };
    await until(
      10_000,
      'the first follow-up',
      async () => ((await db.get(`project:${project.id}`)) as unknown as Doc).outbox.length === 0,
    );
    // As if the process stopped right after a change was written.
    const doc = (await db.get(`project:${project.id}`)) as unknown as Doc;
    const at = clock.now().toISOString();
    await db.insert({
      ...doc,
      title: 'A title changed just before a crash',
      seq: doc.seq + 1,
      outbox: [{ id: `${doc.seq + 1}-edited`, kind: 'edited', at, by: people.helen.user.id }],
    } as never);
    await server.orderTimers.sweep();
    const after = (await db.get(`project:${project.id}`)) as unknown as Doc;
    expect(after.outbox).toEqual([]);
    const mirror = await syncDoc<{ project: { title: string } }>(
      tokens.helen,
      `project:${project.id}`,
    );
    expect(mirror.doc.project.title).toBe('A title changed just before a crash');
  });

  it('mails the lecturer of a new application', async () => {
    const project = await post('rafael');
    await applied(tokens.aisha, project.id);
    const mail = await waitForMail(
      server,
      'rafael@wayfarer.test',
      'New application to your project',
    );
    expect(mail.text).toContain(project.title);
  });

  it('a lecturer reads the CV of a student who applied to their project, not before', async () => {
    const student = await newStudent();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'cv.pdf');
    const up = await server.request('/api/user/cv', {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const cv = (token: string) =>
      server.request(`/api/files/cv/${student.user.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await cv(tokens.rafael)).status).toBe(403);
    const project = await post('rafael');
    await applied(student.token, project.id);
    expect((await cv(tokens.rafael)).status).toBe(200);
    expect((await cv(tokens.helen)).status).toBe(403);
    // Only a live (pending or accepted) application grants it: withdrawn, it is gone.
    const gone = await api.delete(`/api/project/${project.id}/apply`, { token: student.token });
    expect(gone.status).toBe(200);
    expect((await cv(tokens.rafael)).status).toBe(403);
  });

  it('GET /api/user lists the caller’s projects; profiles list a lecturer’s public ones', async () => {
    const lecturer = await api.get<{ projects: Summary[] }>('/api/user', { token: tokens.rafael });
    const own = await api.get<List<Summary>>('/api/lecturer/projects?per_page=50', {
      token: tokens.rafael,
    });
    expect(lecturer.body.projects.map((p) => p.id)).toEqual(own.body.data.map((p) => p.id));
    expect(lecturer.body.projects.length).toBeGreaterThan(0);
    const draft = await post('rafael', { status: 'draft' });
    const student = await newStudent();
    const project = await post('rafael');
    await applied(student.token, project.id);
    const mine = await api.get<{ projects: Summary[] }>('/api/user', { token: student.token });
    expect(mine.body.projects.map((p) => p.id)).toEqual([project.id]);
    expect(
      (await api.get<{ projects: Summary[] }>('/api/user', { token: tokens.sofia })).body.projects,
    ).toEqual([]);
    const profile = await api.get<{ data: { project: Summary; review: null }[] }>(
      `/api/users/${people.rafael.user.tagname}/projects`,
    );
    expect(profile.status).toBe(200);
    const ids = profile.body.data.map((p) => p.project.id);
    expect(ids).toContain(project.id);
    expect(ids).not.toContain(draft.id);
    expect((await api.get('/api/users/nobody_here/projects')).status).toBe(404);
  });

  it('the project box shows a saved project’s live status, places left and deadline', async () => {
    const project = await post('helen', { slots: 4 });
    const student = await newStudent();
    const put = await server.request(`/api/sync/db/projectbox:${project.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        _id: `projectbox:${project.id}`,
        type: 'projectbox',
        project_id: project.id,
        title: project.title,
        relations: ['saved'],
        notes: '',
        updated_at: clock.now().toISOString(),
      }),
    });
    expect(put.status).toBe(201);
    const box = await api.get<{ data: Record<string, unknown>[] }>('/api/projectbox', {
      token: student.token,
    });
    expect(box.body.data).toEqual([
      expect.objectContaining({
        project_id: project.id,
        status: 'open',
        slots_left: 4,
        deadline: project.deadline,
      }),
    ]);
  });
});

describe('demo seed', () => {
  it('seeds the demo lecturers’ projects with applications, once however often it runs', async () => {
    const { seedDemoData } = await import('../src/seed/seed');
    const content = server.deps.couch.db<{ version: number }>('content');
    const count = async () =>
      (
        await api.get<List<Summary>>('/api/lecturer/projects?per_page=50', {
          token: tokens.helen,
        })
      ).body.meta.total;
    const before = await count();
    for (let run = 0; run < 2; run++) {
      // As a database seeded before the projects step (5: jobs) is brought up to date.
      const marker = await content.get('seed:demo');
      await content.insert({ ...marker, version: 5 });
      expect(await seedDemoData(server.deps.couch, server.deps.logger, { gigs: true })).toBe(true);
    }
    expect(await count()).toBe(before + 3);
    const explore = await api.get<List<Summary>>('/api/projects?q=riverside%20porto');
    expect(explore.body.data.map((p) => p.title)).toEqual([
      'Design a two-hour walking tour of Porto’s riverside',
    ]);
    const porto = explore.body.data[0]!;
    const list = await api.get<{ shortlistIndividual: { from_id: string }[] }>(
      `/api/project/${porto.id}/shortlist`,
      { token: tokens.helen },
    );
    expect(list.body.shortlistIndividual.map((a) => a.from_id).sort()).toEqual(
      [people.mei.user.id, people.aisha.user.id].sort(),
    );
  });
});
