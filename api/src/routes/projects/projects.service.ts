/**
 * Projects (issue 19): a lecturer posts (draft or open), edits and publishes one, starts,
 * completes or cancels it, messages its participants and reviews each of them once it is
 * complete; students and visitors find open ones. Every change is a compare-and-set write of the
 * project (project-store.ts) that appends an event with who made it; what follows (mirrors,
 * notifications, mail) is published from there (project-followup.ts). Applications and the
 * lecturer's decisions on them: applications.service.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { isConflict } from '../../couch/errors';
import { AppError, conflict, notFound, ValidationError } from '../../lib/errors';
import type { ListResponse } from '../../schemas';
import type {
  ProfileProject,
  Project,
  ProjectDashboard,
  ProjectMessageResult,
  ProjectParticipant,
  ProjectReview,
  ProjectSummary,
  createProjectSchema,
  projectMessageSchema,
  projectReviewSchema,
  projectSearchQuerySchema,
  updateProjectSchema,
} from '../../schemas/projects';
import { conversationIdFor } from '../../schemas/userdb-rules';
import type { z } from 'zod';
import { deliverer, sendMessage } from '../inbox/inbox-delivery.service';
import { userById, userByTagname } from '../inbox/inbox.model';
import { partyOf } from '../orders/order-store';
import type { OrdersDeps } from '../orders/orders.service';
import type { UserDoc } from '../users/users.model';
import { publishProject, settleDecisions } from './project-followup';
import {
  deadlinePassed,
  isLive,
  peopleOf,
  projectKey,
  reviewKey,
  toApplication,
  toProject,
  toReview,
  toSummary,
  type ApplicationDoc,
  type ProjectDoc,
  type ProjectReviewDoc,
  type Viewer,
} from './project-model';
import {
  applicationsOf,
  applicationsOfMember,
  applicationsOfMembersIn,
  fetchDocs,
  mutateProject,
  readProject,
  serviceNames,
  withEvent,
} from './project-store';

export type ProjectsDeps = OrdersDeps;

/** Rows of the open-projects index read per search at most; past that, `total` is a lower bound. */
const SEARCH_ROWS = 2000;

const viewerOf = (user: UserDoc | null): Viewer => (user ? { id: user.id, role: user.role } : null);

/**
 * Starts a project's follow-up without holding the answer for it (mail and notifications); the
 * events are in the project already, so if this fails the timers' sweep publishes them.
 */
export function afterChange(deps: ProjectsDeps, projectId: string): void {
  void publishProject(deps, projectId).catch((error: unknown) =>
    deps.logger.warn(
      { err: error, project: projectId },
      'project follow-up failed; it will be retried',
    ),
  );
}

async function checkExpertise(deps: ProjectsDeps, expertise: string[] | undefined) {
  if (!expertise) return;
  const names = await serviceNames(deps);
  const unknown = expertise.filter((id) => !names.has(id));
  if (unknown.length)
    throw ValidationError.field(
      'expertise',
      `Choose among the services (not ${unknown.join(', ')}).`,
    );
}

function checkDates(
  fields: { deadline: string; start_date: string; end_date: string },
  now: Date,
  changed: { deadline?: string },
) {
  const errors: Record<string, string[]> = {};
  if (changed.deadline !== undefined && deadlinePassed(changed.deadline, now))
    errors.deadline = ['Choose a deadline from today on.'];
  if (fields.end_date < fields.start_date)
    errors.end_date = ['The end date is on or after the start date.'];
  if (fields.start_date < fields.deadline)
    errors.deadline = [
      ...(errors.deadline ?? []),
      'Applications close on or before the start date.',
    ];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** `POST /api/projects`: a new project of the lecturer, open (default) or draft. */
export async function createProject(
  deps: ProjectsDeps,
  lecturer: UserDoc,
  input: z.output<typeof createProjectSchema>,
  /** A fixed id (the demo seed's, so a second run finds the project: 409). */
  fixedId?: string,
): Promise<Project> {
  const now = deps.clock.now();
  await checkExpertise(deps, input.expertise);
  checkDates(input, now, input);
  const id = fixedId ?? randomBytes(12).toString('hex');
  const at = now.toISOString();
  const project = withEvent(
    {
      _id: projectKey(id),
      type: 'project',
      id,
      lecturer_id: lecturer.id,
      lecturer: partyOf(lecturer),
      title: input.title,
      description: input.description,
      expertise: [...new Set(input.expertise)],
      applicant_types: input.applicant_types,
      slots: input.slots,
      deadline: input.deadline,
      start_date: input.start_date,
      end_date: input.end_date,
      location: input.location,
      status: input.status,
      accepted: [],
      application_count: 0,
      created_at: at,
      updated_at: at,
      published_at: input.status === 'open' ? at : null,
      started_at: null,
      completed_at: null,
      cancelled_at: null,
      history: [],
      outbox: [],
      seq: 0,
    } satisfies ProjectDoc,
    'created',
    lecturer.id,
    now,
  );
  try {
    const result = await deps.couch.db('projects').insert(project as never);
    project._rev = result.rev;
  } catch (error) {
    if (isConflict(error)) throw conflict('This project exists already.');
    throw error;
  }
  afterChange(deps, id);
  return toProject(project, await serviceNames(deps), viewerOf(lecturer), null, now);
}

/** The project if `user` is its lecturer; 404 for anyone else. */
export async function ownProject(deps: ProjectsDeps, user: UserDoc, id: string) {
  const project = await readProject(deps, id);
  if (project.lecturer_id !== user.id) throw notFound('No such project.');
  return project;
}

/** The caller's application of a project: a live one they are in, else their latest. */
function applicationOf(apps: ApplicationDoc[], userId: string): ApplicationDoc | null {
  const theirs = apps
    .filter((a) => a.member_ids.includes(userId))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return theirs.find(isLive) ?? theirs[0] ?? null;
}

/**
 * A project as `viewer` sees it (their own application included); drafts only to their lecturer.
 * A student's application is read from their own (`applications_by_member`), unless the caller
 * has the project's applications already.
 */
export async function showProject(
  deps: ProjectsDeps,
  project: ProjectDoc,
  user: UserDoc | null,
  apps?: ApplicationDoc[],
): Promise<Project> {
  if (project.status === 'draft' && project.lecturer_id !== user?.id)
    throw notFound('No such project.');
  const mine =
    user?.role === 'Student'
      ? applicationOf(apps ?? (await applicationsOfMembersIn(deps, [user.id], project.id)), user.id)
      : null;
  return toProject(project, await serviceNames(deps), viewerOf(user), mine, deps.clock.now());
}

/** `GET /api/project/{id}`. */
export async function getProject(deps: ProjectsDeps, user: UserDoc | null, id: string) {
  return showProject(deps, await readProject(deps, id), user);
}

/** `PATCH /api/project/{id}`: its lecturer edits a draft or open project; `status: 'open'` publishes. */
export async function updateProject(
  deps: ProjectsDeps,
  user: UserDoc,
  id: string,
  input: z.output<typeof updateProjectSchema>,
): Promise<Project> {
  await ownProject(deps, user, id);
  await checkExpertise(deps, input.expertise);
  const project = await mutateProject(deps, id, (current) => {
    const now = deps.clock.now();
    if (current.status !== 'draft' && current.status !== 'open')
      throw conflict(
        `The project is ${current.status.replace('_', ' ')}: it can no longer be edited.`,
      );
    const { status, ...fields } = input;
    const next: ProjectDoc = { ...current };
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
    if (input.expertise) next.expertise = [...new Set(input.expertise)];
    const publishing = status === 'open' && current.status === 'draft';
    // Publishing opens the project to applications: its deadline must still be ahead.
    checkDates(next, now, publishing ? { deadline: next.deadline } : input);
    if (next.slots < current.accepted.length)
      throw ValidationError.field(
        'slots',
        `${current.accepted.length} applicants are accepted already: keep at least ${current.accepted.length} places.`,
      );
    if (publishing) {
      next.status = 'open';
      next.published_at = now.toISOString();
    }
    return withEvent(next, publishing ? 'published' : 'edited', user.id, now);
  });
  afterChange(deps, id);
  return showProject(deps, project, user);
}

type Transition = 'start' | 'complete' | 'cancel';
const TRANSITIONS: Record<
  Transition,
  {
    from: ProjectDoc['status'][];
    to: ProjectDoc['status'];
    event: 'started' | 'completed' | 'cancelled';
    stamp: 'started_at' | 'completed_at' | 'cancelled_at';
  }
> = {
  start: { from: ['open'], to: 'in_progress', event: 'started', stamp: 'started_at' },
  complete: { from: ['in_progress'], to: 'completed', event: 'completed', stamp: 'completed_at' },
  cancel: {
    from: ['draft', 'open', 'in_progress'],
    to: 'cancelled',
    event: 'cancelled',
    stamp: 'cancelled_at',
  },
};

/** `POST /api/project/{id}/start | complete | cancel`: its lecturer moves it on. */
export async function moveProject(
  deps: ProjectsDeps,
  user: UserDoc,
  id: string,
  action: Transition,
): Promise<Project> {
  await ownProject(deps, user, id);
  const rule = TRANSITIONS[action];
  let project = await mutateProject(deps, id, (current) => {
    if (!rule.from.includes(current.status))
      throw conflict(`The project is ${current.status.replace('_', ' ')}: it cannot ${action}.`);
    if (action === 'start' && !current.accepted.length)
      throw conflict('Accept at least one applicant before starting the project.');
    const now = deps.clock.now();
    return withEvent(
      { ...current, status: rule.to, [rule.stamp]: now.toISOString() },
      rule.event,
      user.id,
      now,
    );
  });
  // A cancelled project's waiting applications are declined now, so the answer shows them so.
  if (action === 'cancel')
    ({ project } = await settleDecisions(deps, project, await applicationsOf(deps, id), user.id));
  afterChange(deps, id);
  return showProject(deps, project, user);
}

const page = <T>(all: T[], pageNo: number, perPage: number): ListResponse<T> => ({
  data: all.slice((pageNo - 1) * perPage, pageNo * perPage),
  meta: {
    page: pageNo,
    per_page: perPage,
    total: all.length,
    last_page: Math.max(1, Math.ceil(all.length / perPage)),
  },
});

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** `GET /api/projects`: open projects before their deadline, newest first, filtered. */
export async function searchProjects(
  deps: ProjectsDeps,
  query: z.output<typeof projectSearchQuerySchema>,
): Promise<ListResponse<ProjectSummary>> {
  const range = query.expertise
    ? { startkey: ['expertise', query.expertise, {}], endkey: ['expertise', query.expertise] }
    : { startkey: ['*', {}], endkey: ['*'] };
  const result = await deps.couch.db('projects').view('projects', 'open', {
    ...range,
    descending: true,
    include_docs: true,
    limit: SEARCH_ROWS,
  } as never);
  const now = deps.clock.now();
  const wanted = query.q ? words(query.q) : [];
  const found = (result.rows as unknown as { doc?: ProjectDoc }[])
    .map((row) => row.doc)
    .filter((doc): doc is ProjectDoc => !!doc && doc.status === 'open')
    .filter((doc) => !deadlinePassed(doc.deadline, now))
    .filter((doc) => !query.type || doc.applicant_types.includes(query.type))
    .filter((doc) => !query.deadline_before || doc.deadline <= query.deadline_before)
    .filter((doc) => {
      if (!wanted.length) return true;
      const text = new Set(words(`${doc.title} ${doc.description} ${doc.location ?? ''}`));
      return wanted.every((w) => text.has(w));
    });
  const names = await serviceNames(deps);
  const listed = page(found, query.page, query.per_page);
  return { ...listed, data: listed.data.map((doc) => toSummary(doc, names)) };
}

async function projectsOfLecturer(
  deps: ProjectsDeps,
  lecturerId: string,
  limit?: number,
): Promise<ProjectDoc[]> {
  const result = await deps.couch.db('projects').view('projects', 'by_lecturer', {
    startkey: [lecturerId, {}],
    endkey: [lecturerId],
    descending: true,
    include_docs: true,
    ...(limit ? { limit } : {}),
  } as never);
  return (result.rows as unknown as { doc?: ProjectDoc }[])
    .map((row) => row.doc)
    .filter((doc): doc is ProjectDoc => !!doc && doc.type === 'project');
}

/** `GET /api/lecturer/projects`: the caller's projects in every status, newest first. */
export async function lecturerProjects(
  deps: ProjectsDeps,
  user: UserDoc,
  query: { page: number; per_page: number },
): Promise<ListResponse<ProjectSummary>> {
  const names = await serviceNames(deps);
  const listed = page(await projectsOfLecturer(deps, user.id), query.page, query.per_page);
  return { ...listed, data: listed.data.map((doc) => toSummary(doc, names)) };
}

/** The projects of applications, by id. */
async function projectsOf(deps: ProjectsDeps, apps: ApplicationDoc[]) {
  const docs = await fetchDocs<ProjectDoc>(
    deps,
    apps.map((a) => projectKey(a.project_id)),
  );
  return new Map(docs.filter((d) => d.type === 'project').map((d) => [d.id, d]));
}

/**
 * How many of the newest `GET /api/user` lists in `projects` (every app start reads it): the whole
 * lists are `GET /api/lecturer/projects` and `GET /api/applications`, paged.
 */
const USER_PROJECTS_MAX = 50;

/**
 * `GET /api/user`'s `projects`: a lecturer's own, a student's applied ones (not withdrawn); the
 * USER_PROJECTS_MAX newest (projects for a lecturer, applications for a student). Other roles: [].
 */
export async function projectsOfUser(deps: ProjectsDeps, user: UserDoc): Promise<ProjectSummary[]> {
  if (user.role !== 'Lecturer' && user.role !== 'Student') return [];
  const names = await serviceNames(deps);
  if (user.role === 'Lecturer')
    return (await projectsOfLecturer(deps, user.id, USER_PROJECTS_MAX)).map((doc) =>
      toSummary(doc, names),
    );
  const apps = (await applicationsOfMember(deps, user.id, USER_PROJECTS_MAX)).filter(
    (a) => a.status !== 'withdrawn',
  );
  const projects = await projectsOf(deps, apps);
  const seen = new Set<string>();
  const out: ProjectSummary[] = [];
  for (const app of apps) {
    const project = projects.get(app.project_id);
    if (!project || seen.has(project.id)) continue;
    seen.add(project.id);
    out.push(toSummary(project, names));
  }
  return out;
}

/** `GET /api/applications`: the caller's applications (alone, led or as a member), newest first. */
export async function myApplications(
  deps: ProjectsDeps,
  user: UserDoc,
  query: { page: number; per_page: number },
) {
  const listed = page(await applicationsOfMember(deps, user.id), query.page, query.per_page);
  const projects = await projectsOf(deps, listed.data);
  return {
    ...listed,
    data: listed.data.map((app) => toApplication(app, projects.get(app.project_id) ?? null)),
  };
}

async function reviewsOf(deps: ProjectsDeps, projectId: string): Promise<ProjectReviewDoc[]> {
  const result = await deps.couch.db('projects').list({
    startkey: reviewKey(projectId, ''),
    endkey: reviewKey(projectId, '\ufff0'),
    include_docs: true,
  });
  return result.rows
    .map((row) => row.doc as unknown as ProjectReviewDoc | undefined)
    .filter((doc): doc is ProjectReviewDoc => !!doc && doc.type === 'project_review');
}

/** The accepted applications of a project (its participants' applications). */
const acceptedOf = (project: ProjectDoc, apps: ApplicationDoc[]) =>
  apps.filter((a) => project.accepted.includes(a.id));

/** `GET /api/project/{id}/dashboard`: its lecturer, or a participant. */
export async function dashboard(
  deps: ProjectsDeps,
  user: UserDoc,
  id: string,
): Promise<ProjectDashboard> {
  const project = await readProject(deps, id);
  const apps = await applicationsOf(deps, id);
  const accepted = acceptedOf(project, apps);
  if (project.lecturer_id !== user.id && !accepted.some((a) => a.member_ids.includes(user.id)))
    throw notFound('No such project.');
  const reviews = new Map((await reviewsOf(deps, id)).map((r) => [r.subject_id, toReview(r)]));
  const participants: ProjectParticipant[] = accepted.flatMap((app) =>
    peopleOf(app).map((person) => ({
      user: person.user,
      expertise: person.expertise,
      application_id: app.id,
      type: app.applicant_type,
      team: app.party,
      review: reviews.get(person.user.id) ?? null,
    })),
  );
  return {
    project: await showProject(deps, project, user, apps),
    participants,
    teams: accepted
      .filter((app) => app.party)
      .map((app) => ({
        application_id: app.id,
        party: app.party!,
        members: peopleOf(app).map((p) => p.user),
      })),
    pending_count: apps.filter((a) => a.status === 'pending' && !project.accepted.includes(a.id))
      .length,
  };
}

/**
 * `POST /api/project/{id}/message`: the lecturer's text to every participant, each through the
 * inbox (one conversation per pair, as any message). A participant it cannot go to (left, no
 * tagname, blocking the lecturer) is skipped with the reason, the others still get it. Each
 * message's id is derived from the project, the recipient and the text with the minute (or the
 * client's `id`), so a retry of the request sends nothing twice.
 */
export async function messageParticipants(
  deps: ProjectsDeps & Pick<AppDeps, 'jobs'>,
  user: UserDoc,
  id: string,
  input: z.output<typeof projectMessageSchema>,
): Promise<ProjectMessageResult> {
  const project = await ownProject(deps, user, id);
  const people = new Set<string>();
  for (const app of acceptedOf(project, await applicationsOf(deps, id)))
    for (const person of peopleOf(app)) people.add(person.user.id);
  if (!people.size) throw conflict('The project has no participants yet: accept applicants first.');
  if (!user.email_verified_at)
    throw new AppError(403, 'Verify your email address before sending messages.');
  const once = input.id ?? `${input.text}\n${deps.clock.now().toISOString().slice(0, 16)}`;
  const conversationIds: string[] = [];
  const skipped: ProjectMessageResult['skipped'] = [];
  for (const userId of people) {
    const recipient = await userById(deps, userId);
    if (!recipient || recipient.status !== 'active') {
      skipped.push({ user_id: userId, reason: 'They are no longer a member of Wayfarer.' });
      continue;
    }
    if (!recipient.tagname) {
      skipped.push({ user_id: userId, reason: 'They have not chosen a tagname yet.' });
      continue;
    }
    const messageId = `p-${createHash('sha256').update(`${project.id}\n${userId}\n${once}`).digest('hex').slice(0, 40)}`;
    try {
      await sendMessage(
        { ...deps, deliver: deliverer(deps) },
        user,
        {
          id: messageId,
          to: recipient.tagname,
          body: input.text,
          subject: { kind: 'project', ref: project.id, title: project.title },
        },
        recipient,
      );
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 403 && error.status !== 422))
        throw error;
      skipped.push({
        user_id: userId,
        reason: Object.values(error.errors ?? {})[0]?.[0] ?? error.message,
      });
      continue;
    }
    conversationIds.push(conversationIdFor(user.id, userId));
  }
  return { conversation_ids: conversationIds, skipped };
}

/**
 * `POST /api/project/{id}/reviews`: the lecturer reviews a participant of the completed project
 * once (`project_review:<project>:<user>`: a second create is 409); the points go to the
 * expertise the participant applied with.
 */
export async function reviewParticipant(
  deps: ProjectsDeps,
  user: UserDoc,
  id: string,
  input: z.output<typeof projectReviewSchema>,
): Promise<ProjectReview> {
  const project = await ownProject(deps, user, id);
  if (project.status !== 'completed')
    throw conflict('Participants are reviewed once the project is complete.');
  const person = acceptedOf(project, await applicationsOf(deps, id))
    .flatMap((app) => peopleOf(app))
    .find((p) => p.user.id === input.user_id);
  if (!person) throw ValidationError.field('user_id', 'Choose one of the participants.');
  const now = deps.clock.now();
  const doc: ProjectReviewDoc = {
    _id: reviewKey(id, person.user.id),
    type: 'project_review',
    id: `${id}:${person.user.id}`,
    project_id: id,
    project_title: project.title,
    subject_id: person.user.id,
    subject: person.user,
    reviewer_id: user.id,
    reviewer: partyOf(user),
    rating: input.rating,
    comment: input.comment,
    expertise: person.expertise,
    created_at: now.toISOString(),
  };
  try {
    await deps.couch.db('projects').insert(doc as never);
  } catch (error) {
    if (isConflict(error)) throw conflict('You reviewed this participant already.');
    throw error;
  }
  await mutateProject(deps, id, (current) =>
    withEvent(current, 'reviewed', user.id, deps.clock.now(), { user_id: person.user.id }),
  );
  afterChange(deps, id);
  return toReview(doc);
}

/**
 * `GET /api/users/{tagname}/projects` (public): a lecturer's projects (not drafts), a student's
 * completed ones with the review they received.
 */
export async function profileProjects(
  deps: ProjectsDeps,
  tagname: string,
): Promise<ProfileProject[]> {
  const member = await userByTagname(deps, tagname);
  if (!member || member.status !== 'active') throw notFound('No member has this tagname.');
  const names = await serviceNames(deps);
  if (member.role === 'Lecturer')
    return (await projectsOfLecturer(deps, member.id))
      .filter((doc) => doc.status !== 'draft')
      .map((doc) => ({ project: toSummary(doc, names), review: null }));
  if (member.role !== 'Student') return [];
  const apps = await applicationsOfMember(deps, member.id);
  const projects = await projectsOf(deps, apps);
  const done = apps.filter((app) => {
    const project = projects.get(app.project_id);
    return project?.status === 'completed' && project.accepted.includes(app.id);
  });
  const reviews = await fetchDocs<ProjectReviewDoc>(
    deps,
    done.map((app) => reviewKey(app.project_id, member.id)),
  );
  const byProject = new Map(reviews.map((r) => [r.project_id, toReview(r)]));
  return done.map((app) => ({
    project: toSummary(projects.get(app.project_id)!, names),
    review: byProject.get(app.project_id) ?? null,
  }));
}

/**
 * Whether the student is in a live (pending or accepted) application to one of the lecturer's
 * projects, alone or in a team: the CV rule. The view finds the student's applications; the
 * decision reads each application itself (include_docs), so a withdrawal or decline counts at
 * once, whatever the view's values.
 */
export async function appliedToLecturer(
  deps: Pick<AppDeps, 'couch'>,
  lecturerId: string,
  studentId: string,
): Promise<boolean> {
  const result = await deps.couch.db('projects').view('projects', 'applications_by_member', {
    startkey: [studentId],
    endkey: [studentId, {}],
    include_docs: true,
  } as never);
  return (result.rows as unknown as { doc?: ApplicationDoc | null }[]).some(
    (row) => row.doc?.lecturer_id === lecturerId && isLive(row.doc),
  );
}

/** The saved projects' live state for the project box (drafts only to their lecturer). */
export async function liveStateOf(
  deps: Pick<AppDeps, 'couch'>,
  userId: string,
  projectIds: string[],
): Promise<Map<string, Pick<ProjectSummary, 'status' | 'slots_left' | 'deadline'>>> {
  const docs = await fetchDocs<ProjectDoc>(deps, projectIds.map(projectKey));
  return new Map(
    docs
      .filter((d) => d.type === 'project' && (d.status !== 'draft' || d.lecturer_id === userId))
      .map((d) => [
        d.id,
        {
          status: d.status,
          slots_left: Math.max(0, d.slots - d.accepted.length),
          deadline: d.deadline,
        },
      ]),
  );
}
