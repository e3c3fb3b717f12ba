/**
 * Applications (issue 19): a student applies to an open project alone or as the party they lead,
 * withdraws while it is pending; the lecturer reads the shortlist and accepts or declines.
 *
 * - One application per student and per party per project: the id is the project's and the
 *   student's (`<project>:u:<user>`) or the leader's (`<project>:t:<leader>`), so a second create,
 *   even at the same moment, is CouchDB's conflict (409). A student in a live (pending or
 *   accepted) application of the project is in no other: checked before the write and again
 *   after it (of two that overlap, the later one is withdrawn and answered 409).
 * - Accepting is a compare-and-set of the project's `accepted` list: an accept reads the project,
 *   refuses when the slots are taken, and writes with its `_rev`; of many at once each decides on
 *   the latest list, so the slots are never exceeded. The same application accepted again
 *   answers as accepted.
 */
import type { z } from 'zod';
import { isConflict } from '../../couch/errors';
import { AppError, conflict, forbidden, notFound, ValidationError } from '../../lib/errors';
import type {
  ProjectApplication,
  ShortlistIndividual,
  ShortlistResponse,
  ShortlistTeam,
  applyProjectSchema,
} from '../../schemas/projects';
import { userById } from '../inbox/inbox.model';
import { partyOf } from '../orders/order-store';
import type { UserDoc } from '../users/users.model';
import {
  applicationIdOf,
  applicationKey,
  isLive,
  partyKey,
  peopleOf,
  takesApplications,
  toApplication,
  type ApplicationDoc,
  type PartyDoc,
  type ProjectDoc,
} from './project-model';
import {
  applicationsOf,
  applicationsOfMembersIn,
  getOrNull,
  mutateApplication,
  mutateProject,
  readApplication,
  readProject,
  withEvent,
} from './project-store';
import { afterChange, ownProject, showProject, type ProjectsDeps } from './projects.service';

const closedMessage = (project: ProjectDoc) =>
  project.status === 'open'
    ? 'Applications to this project closed with its deadline.'
    : `This project takes no applications: it is ${project.status.replace('_', ' ')}.`;

/** The members of a team application: current members of the caller's party, as people. */
async function teamOf(
  deps: ProjectsDeps,
  leader: UserDoc,
  members: { user_id: string; expertise: string }[],
) {
  const party = await getOrNull<PartyDoc>(deps, partyKey(leader.id));
  if (!party || party.type !== 'party')
    throw ValidationError.field(
      'type',
      'A team applies as the party you lead: create your party first.',
    );
  const current = new Set(party.members.map((m) => m.user_id));
  const outside = members.filter((m) => !current.has(m.user_id));
  if (outside.length)
    throw ValidationError.field('members', 'Choose members of your party (who accepted it).');
  const people = [];
  for (const m of members) {
    const user = await userById(deps, m.user_id);
    if (!user || user.status !== 'active')
      throw ValidationError.field('members', 'A member of your party has left Wayfarer.');
    people.push({ user: partyOf(user), expertise: m.expertise });
  }
  return { party: { id: leader.id, name: party.name }, members: people };
}

/** Another live application of the project with one of these students, if any. */
const overlapping = (apps: ApplicationDoc[], id: string, people: string[]) =>
  apps.filter((a) => a.id !== id && isLive(a) && a.member_ids.some((m) => people.includes(m)));

/** `POST /api/project/{id}/apply`: the student's application, alone or as their party. */
export async function apply(
  deps: ProjectsDeps,
  student: UserDoc,
  projectId: string,
  input: z.output<typeof applyProjectSchema>,
): Promise<ProjectApplication> {
  const project = await readProject(deps, projectId);
  if (project.status === 'draft') throw notFound('No such project.');
  const now = deps.clock.now();
  if (!takesApplications(project, now)) throw conflict(closedMessage(project));
  if (!project.applicant_types.includes(input.type))
    throw ValidationError.field(
      'type',
      input.type === 'team'
        ? 'This project takes individuals only.'
        : 'This project takes teams only.',
    );
  const errors: Record<string, string[]> = {};
  if (!project.expertise.includes(input.expertise))
    errors.expertise = ['Choose one of the expertise the project wants.'];
  if ((input.members ?? []).some((m) => !project.expertise.includes(m.expertise)))
    errors.members = ['Each member’s expertise is one the project wants.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (project.accepted.length >= project.slots)
    throw conflict('Every place of this project is taken.');
  const team = input.type === 'team' ? await teamOf(deps, student, input.members ?? []) : null;
  const id = applicationIdOf(projectId, input.type, student.id);
  const memberIds = [student.id, ...(team?.members.map((m) => m.user.id) ?? [])];
  const taken = () =>
    conflict(
      memberIds.length > 1
        ? 'You or a member is in another application to this project already.'
        : 'You are in another application to this project already.',
    );
  const theirs = () => applicationsOfMembersIn(deps, memberIds, projectId);
  if (overlapping(await theirs(), id, memberIds).length) throw taken();

  const at = now.toISOString();
  const fields = {
    project_title: project.title,
    expertise: input.expertise,
    party: team?.party ?? null,
    members: team?.members ?? [],
    member_ids: memberIds,
    apply_reason: input.apply_reason,
    self_describe: input.self_describe,
    status: 'pending' as const,
    decision_message: null,
    created_at: at,
    updated_at: at,
    decided_at: null,
  };
  let app: ApplicationDoc;
  try {
    app = {
      _id: applicationKey(id),
      type: 'application',
      id,
      project_id: projectId,
      lecturer_id: project.lecturer_id,
      applicant_type: input.type,
      applicant_id: student.id,
      applicant: partyOf(student),
      ...fields,
      history: [{ at, by: student.id, event: 'applied' }],
    };
    const result = await deps.couch.db('projects').insert(app as never);
    app._rev = result.rev;
  } catch (error) {
    if (!isConflict(error)) throw error;
    // One per student or party: only a withdrawn application may be sent again.
    app = await mutateApplication(deps, id, (current) => {
      if (current.status !== 'withdrawn') throw conflict('You applied to this project already.');
      return {
        ...current,
        ...fields,
        history: [...current.history, { at, by: student.id, event: 'applied again' }],
      };
    });
  }
  const undo = async (event: string) =>
    mutateApplication(deps, id, (current) =>
      current.status === 'pending'
        ? {
            ...current,
            status: 'withdrawn',
            updated_at: at,
            history: [...current.history, { at, by: student.id, event }],
          }
        : current,
    );
  // Two applications with a student in common written at once: the earlier one stays.
  const rivals = overlapping(await theirs(), id, memberIds);
  if (
    rivals.some(
      (r) => r.created_at < app.created_at || (r.created_at === app.created_at && r.id < id),
    )
  ) {
    await undo('withdrawn (already in another application)');
    throw taken();
  }
  try {
    await mutateProject(deps, projectId, (current) => {
      if (!takesApplications(current, deps.clock.now())) throw conflict(closedMessage(current));
      return withEvent(
        { ...current, application_count: current.application_count + 1 },
        'applied',
        student.id,
        now,
        { application_id: id },
      );
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 409) await undo('withdrawn (project closed)');
    throw error;
  }
  afterChange(deps, projectId);
  return toApplication(app, project);
}

/** `DELETE /api/project/{id}/apply`: the student withdraws their pending application (alone or led). */
export async function withdraw(
  deps: ProjectsDeps,
  student: UserDoc,
  projectId: string,
): Promise<ProjectApplication> {
  const project = await readProject(deps, projectId);
  const apps = await applicationsOfMembersIn(deps, [student.id], projectId);
  const live = apps.filter(isLive);
  const own = live.find((a) => a.applicant_id === student.id);
  if (!own) {
    if (live.length) throw forbidden('Only your party’s leader can withdraw its application.');
    throw notFound('You have no application to this project.');
  }
  if (own.status !== 'pending' || project.accepted.includes(own.id))
    throw conflict('Your application was accepted: it can no longer be withdrawn.');
  const now = deps.clock.now();
  const at = now.toISOString();
  const app = await mutateApplication(deps, own.id, (current) => {
    if (current.status !== 'pending')
      throw conflict(`Your application is ${current.status}: it can no longer be withdrawn.`);
    return {
      ...current,
      status: 'withdrawn',
      updated_at: at,
      history: [...current.history, { at, by: student.id, event: 'withdrawn' }],
    };
  });
  const updated = await mutateProject(deps, projectId, (current) =>
    withEvent(
      { ...current, application_count: Math.max(0, current.application_count - 1) },
      'withdrawn',
      student.id,
      now,
      { application_id: app.id },
    ),
  );
  afterChange(deps, projectId);
  return toApplication(app, updated);
}

/** `GET /api/project/{project_url}/shortlist`: its lecturer; withdrawn applications left out. */
export async function shortlist(
  deps: ProjectsDeps,
  user: UserDoc,
  projectId: string,
): Promise<ShortlistResponse> {
  const project = await ownProject(deps, user, projectId);
  const apps = (await applicationsOf(deps, projectId)).filter((a) => a.status !== 'withdrawn');
  const statusOf = (app: ApplicationDoc) => toApplication(app, project).status;
  const shortlistIndividual: ShortlistIndividual[] = apps
    .filter((a) => a.applicant_type === 'individual')
    .map((a) => ({
      id: a.id,
      from_id: a.applicant_id,
      from: {
        full_name: a.applicant.full_name,
        tagname: a.applicant.tagname,
        avatar: a.applicant.avatar,
      },
      expertise: a.expertise,
      apply_reason: a.apply_reason,
      self_describe: a.self_describe,
      user_id: a.applicant_id,
      applicant_type: 'Individual',
      isAccepted: statusOf(a) === 'accepted',
      status: statusOf(a),
      created_at: a.created_at,
    }));
  const shortlistTeam: ShortlistTeam[] = apps
    .filter((a) => a.applicant_type === 'team')
    .map((a) => ({
      id: a.id,
      from_id: a.applicant_id,
      applicant_type: 'Team',
      leader_id: a.applicant_id,
      team_name: a.party?.name ?? '',
      apply_reason: a.apply_reason,
      self_describe: a.self_describe,
      isAccepted: statusOf(a) === 'accepted',
      status: statusOf(a),
      applicant_team_members: peopleOf(a).map((p) => ({
        id: p.user.id,
        member: p.user,
        expertise: p.expertise,
      })),
      created_at: a.created_at,
    }));
  return { shortlistIndividual, shortlistTeam, project: await showProject(deps, project, user) };
}

/** The application of the lecturer's project: 404 for another's project or another project's id. */
async function applicationOfProject(
  deps: ProjectsDeps,
  user: UserDoc,
  projectId: string,
  applicationId: string,
) {
  const project = await ownProject(deps, user, projectId);
  const app = await readApplication(deps, applicationId);
  if (app.project_id !== projectId) throw notFound('No such application.');
  return { project, app };
}

/**
 * `POST /api/project/{id}/shortlist/{application_id}/accept`: a slot for the application, by a
 * compare-and-set of the project's `accepted` list (never more than `slots`; 409 when full).
 */
export async function accept(
  deps: ProjectsDeps,
  user: UserDoc,
  projectId: string,
  applicationId: string,
  message: string | undefined,
): Promise<ProjectApplication> {
  const { app: seen } = await applicationOfProject(deps, user, projectId, applicationId);
  if (seen.status !== 'pending' && seen.status !== 'accepted')
    throw conflict(`The application is ${seen.status}: it cannot be accepted.`);
  const now = deps.clock.now();
  const at = now.toISOString();
  const project = await mutateProject(deps, projectId, (current) => {
    if (current.accepted.includes(applicationId)) return current; // accepted already
    if (current.status !== 'open' && current.status !== 'in_progress')
      throw conflict(`The project is ${current.status.replace('_', ' ')}: it takes no decisions.`);
    if (current.accepted.length >= current.slots)
      throw conflict('Every place of this project is taken.');
    return withEvent(
      { ...current, accepted: [...current.accepted, applicationId] },
      'accepted',
      user.id,
      now,
      { application_id: applicationId },
    );
  });
  let app: ApplicationDoc;
  try {
    app = await mutateApplication(deps, applicationId, (current) => {
      if (current.status === 'accepted') return current;
      if (current.status !== 'pending')
        throw conflict(`The application is ${current.status}: it cannot be accepted.`);
      return {
        ...current,
        status: 'accepted',
        decision_message: message ?? null,
        decided_at: at,
        updated_at: at,
        history: [...current.history, { at, by: user.id, event: 'accepted' }],
      };
    });
  } catch (error) {
    // Withdrawn meanwhile: its slot is given back.
    if (error instanceof AppError && error.status === 409)
      await mutateProject(deps, projectId, (current) =>
        current.accepted.includes(applicationId)
          ? withEvent(
              { ...current, accepted: current.accepted.filter((a) => a !== applicationId) },
              'edited',
              user.id,
              deps.clock.now(),
            )
          : current,
      );
    throw error;
  }
  afterChange(deps, projectId);
  return toApplication(app, project);
}

/** `POST /api/project/{id}/shortlist/{application_id}/decline`: a pending application declined. */
export async function decline(
  deps: ProjectsDeps,
  user: UserDoc,
  projectId: string,
  applicationId: string,
  message: string | undefined,
): Promise<ProjectApplication> {
  const { project } = await applicationOfProject(deps, user, projectId, applicationId);
  if (project.accepted.includes(applicationId))
    throw conflict('The application is accepted: it cannot be declined.');
  const now = deps.clock.now();
  const at = now.toISOString();
  const app = await mutateApplication(deps, applicationId, (current) => {
    if (current.status === 'declined') return current;
    if (current.status !== 'pending')
      throw conflict(`The application is ${current.status}: it cannot be declined.`);
    return {
      ...current,
      status: 'declined',
      decision_message: message ?? null,
      decided_at: at,
      updated_at: at,
      history: [...current.history, { at, by: user.id, event: 'declined' }],
    };
  });
  if (app.decided_at === at) {
    await mutateProject(deps, projectId, (current) =>
      withEvent(current, 'declined', user.id, now, { application_id: applicationId }),
    );
    afterChange(deps, projectId);
  }
  return toApplication(app, project);
}
