/**
 * What follows a project's change, published from the project's outbox (the events its changes
 * appended in the same write), the way job-followup.ts does it for jobs:
 *
 * 1. decisions settled: every pending application in the project's `accepted` list marked
 *    accepted (an accept interrupted between the project's write and the application's is
 *    finished here; one no longer pending leaves the list, its slot given back), and a cancelled
 *    or completed project's pending applications declined (their applicants told);
 * 2. notifications and mail: `project_application` to the lecturer, `application_accepted` /
 *    `application_declined` to the applicant and each member of a team, `project_started`,
 *    `project_completed`, `project_cancelled` to the participants, `project_review` to the
 *    reviewed participant;
 * 3. the mirrors: `project:<id>` in the lecturer's database (the project and its applications)
 *    and `application:<id>` in the database of every student in an application (server-owned,
 *    refused to the user by validate_doc_update), an older state never over a newer one; the
 *    application mirrors of every application only for a change of the project itself (edited,
 *    published, started, completed, cancelled), else only those the events name;
 * 4. the published events removed from the outbox.
 *
 * Steps 1–3 are idempotent (notification ids are the event's), so a retry or a restart repeats
 * nothing the user sees twice (mail excepted, as for jobs). `sweepProjects` runs in the order
 * timers' lease-held sweep and publishes what a stopped process left.
 */
import { isConflict, isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import { releaseLease, tryLease } from '../../jobs/lease';
import { jobEventMail } from '../../mail/templates';
import { applicationMirrorDocSchema, projectMirrorDocSchema } from '../../schemas/userdb-docs';
import { applicationMirrorId, projectMirrorId } from '../../schemas/userdb-rules';
import { refreshStandings } from '../leaderboard/standings';
import { writeNotification } from '../notifications/notifications.service';
import type { OrdersDeps as ProjectsDeps } from '../orders/orders.service';
import { userKey, type UserDoc } from '../users/users.model';
import {
  isLive,
  peopleOf,
  toApplication,
  toProject,
  toSummary,
  type ApplicationDoc,
  type ProjectDoc,
  type ProjectEvent,
} from './project-model';
import {
  applicationsOf,
  mutateApplication,
  mutateProject,
  readProject,
  serviceNames,
} from './project-store';

interface Tell {
  kind:
    | 'project_application'
    | 'application_accepted'
    | 'application_declined'
    | 'project_started'
    | 'project_completed'
    | 'project_cancelled'
    | 'project_review';
  key: string;
  title: string;
  body: string;
  link: string;
  label: string;
}

async function readUser(deps: ProjectsDeps, id: string): Promise<UserDoc | null> {
  try {
    return (await deps.couch.db('users').get(userKey(id))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** A notification in the user's database and a mail (active accounts only). */
async function tell(deps: ProjectsDeps, userId: string, message: Tell): Promise<void> {
  await writeNotification(deps, userId, message).catch((error: unknown) => {
    // A deleted account's database is gone: nobody to tell.
    if (!isNotFound(error)) throw error;
  });
  const user = await readUser(deps, userId);
  if (user && user.status === 'active')
    await deps.mailer.send(
      jobEventMail(user.email, user.full_name, message.title, message.body, {
        label: message.label,
        url: `${deps.publicUrl()}${message.link}`,
      }),
    );
}

/** The web app's project page (spec: `/project/{id}`, its shortlist spelled `shorlisted`). */
const projectLink = (id: string) => `/project/${encodeURIComponent(id)}`;

/**
 * Step 1: the applications the project's state decides. Also run by the request that cancels the
 * project, so the answer already shows them; here it finishes an interrupted accept. Only a
 * pending application is accepted: one withdrawn or declined while in `accepted` (a withdraw whose
 * follow-up ran between an accept's project write and its application write) stays as it is and
 * leaves `accepted`, so its slot is given back. Returns the project (as it is after that) and the
 * applications as settled.
 */
export async function settleDecisions(
  deps: ProjectsDeps,
  project: ProjectDoc,
  apps: ApplicationDoc[],
  by: string,
): Promise<{ project: ProjectDoc; apps: ApplicationDoc[] }> {
  const at = deps.clock.now().toISOString();
  const settled: ApplicationDoc[] = [];
  const undecidable: string[] = [];
  for (const app of apps) {
    let next = app;
    if (project.accepted.includes(app.id) && app.status !== 'accepted') {
      next = await mutateApplication(deps, app.id, (current) =>
        current.status !== 'pending'
          ? current
          : {
              ...current,
              status: 'accepted',
              decided_at: current.decided_at ?? at,
              updated_at: at,
              history: [...current.history, { at, by, event: 'accepted' }],
            },
      );
      if (next.status !== 'accepted') undecidable.push(app.id);
    } else if (
      (project.status === 'cancelled' || project.status === 'completed') &&
      app.status === 'pending'
    )
      next = await mutateApplication(deps, app.id, (current) =>
        current.status !== 'pending' || project.accepted.includes(current.id)
          ? current
          : {
              ...current,
              status: 'declined',
              decided_at: at,
              updated_at: at,
              history: [
                ...current.history,
                { at, by, event: `declined (project ${project.status})` },
              ],
            },
      );
    settled.push(next);
  }
  if (undecidable.length)
    project = await mutateProject(deps, project.id, (current) =>
      current.accepted.some((id) => undecidable.includes(id))
        ? { ...current, accepted: current.accepted.filter((id) => !undecidable.includes(id)) }
        : current,
    );
  return { project, apps: settled };
}

const everyone = (apps: ApplicationDoc[]) => apps.flatMap((app) => peopleOf(app));

/** An application step 1 declined because the project was cancelled or completed (by `event`). */
const closedBy = (app: ApplicationDoc, event: ProjectEvent, status: 'cancelled' | 'completed') =>
  app.status === 'declined' &&
  app.decided_at !== null &&
  app.decided_at >= event.at &&
  app.history.at(-1)?.event === `declined (project ${status})`;

/** Step 2 for one event. */
async function tellOf(
  deps: ProjectsDeps,
  project: ProjectDoc,
  apps: ApplicationDoc[],
  event: ProjectEvent,
): Promise<void> {
  const app = event.application_id ? apps.find((a) => a.id === event.application_id) : undefined;
  const link = projectLink(project.id);
  const participants = apps.filter((a) => project.accepted.includes(a.id));
  switch (event.kind) {
    case 'applied':
      if (app)
        await tell(deps, project.lecturer_id, {
          kind: 'project_application',
          key: `${app.id}:${event.id}`,
          title: 'New application to your project',
          body: `${app.party ? `${app.party.name} (led by ${app.applicant.full_name})` : app.applicant.full_name} applied to “${project.title}”.`,
          link: `${link}/shorlisted`,
          label: 'Open the shortlist',
        });
      return;
    case 'accepted':
    case 'declined':
      if (app)
        for (const person of peopleOf(app))
          await tell(deps, person.user.id, {
            kind: event.kind === 'accepted' ? 'application_accepted' : 'application_declined',
            key: `${app.id}:${person.user.id}`,
            title:
              event.kind === 'accepted'
                ? 'Your application was accepted'
                : 'Your application was declined',
            body: `${project.lecturer.full_name} ${event.kind} ${app.party ? `the application of ${app.party.name}` : 'your application'} to “${project.title}”.${app.decision_message ? `\n\n${app.decision_message}` : ''}`,
            link,
            label: 'Open the project',
          });
      return;
    case 'started':
    case 'completed':
      // Applications still waiting when it completed were closed (declined) by step 1.
      for (const waited of event.kind === 'completed'
        ? apps.filter((a) => closedBy(a, event, 'completed'))
        : [])
        for (const person of peopleOf(waited))
          await tell(deps, person.user.id, {
            kind: 'application_declined',
            key: `${waited.id}:${person.user.id}`,
            title: 'Your application was not taken up',
            body: `“${project.title}” is complete: ${project.lecturer.full_name} did not take up ${waited.party ? `the application of ${waited.party.name}` : 'your application'}.`,
            link,
            label: 'Open the project',
          });
      for (const person of everyone(participants))
        await tell(deps, person.user.id, {
          kind: event.kind === 'started' ? 'project_started' : 'project_completed',
          key: `${project.id}:${person.user.id}`,
          title: event.kind === 'started' ? 'Your project has started' : 'Your project is complete',
          body: `“${project.title}” ${event.kind === 'started' ? 'has started' : 'is complete'}.`,
          link,
          label: 'Open the project',
        });
      return;
    case 'cancelled':
      // Participants, and everyone whose application was waiting when it was cancelled.
      for (const person of everyone(
        apps.filter((a) => isLive(a) || closedBy(a, event, 'cancelled')),
      ))
        await tell(deps, person.user.id, {
          kind: 'project_cancelled',
          key: `${project.id}:${person.user.id}`,
          title: 'A project was cancelled',
          body: `${project.lecturer.full_name} cancelled “${project.title}”.`,
          link,
          label: 'Open the project',
        });
      return;
    case 'reviewed':
      if (event.user_id) {
        // The reviewed participant's leaderboard standing follows their new points (both point
        // views read fresh: leaderboard/standings.ts), here so a restart finishes it too.
        await refreshStandings(deps, event.user_id, project.expertise);
        await tell(deps, event.user_id, {
          kind: 'project_review',
          key: `${project.id}:${event.user_id}`,
          title: 'You received a review',
          body: `${project.lecturer.full_name} reviewed your work on “${project.title}”.`,
          link: '/profile/projects',
          label: 'Read the review',
        });
      }
      return;
    default:
      return;
  }
}

/** Writes a server-owned mirror whole, unless the stored one is from a newer state. */
async function writeMirror(
  deps: ProjectsDeps,
  userId: string,
  mirror: { _id: string; source_seq: number },
): Promise<void> {
  const db = deps.couch.server.use(userDbName(deps.couch, userId));
  for (let attempt = 0; attempt < 5; attempt++) {
    let rev: string | undefined;
    try {
      const current = (await db.get(mirror._id)) as unknown as {
        _rev: string;
        source_seq?: number;
      };
      if ((current.source_seq ?? 0) > mirror.source_seq) return;
      rev = current._rev;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      if ((error as { reason?: string }).reason === 'no_db_file') return;
      if (/Database does not exist/i.test(String((error as Error).message))) return;
    }
    try {
      await db.insert({ ...mirror, ...(rev ? { _rev: rev } : {}) } as never);
      return;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
}

/** Events that change what every application mirror shows of the project. */
const PROJECT_EVENTS = new Set<ProjectEvent['kind']>([
  'created',
  'edited',
  'published',
  'started',
  'completed',
  'cancelled',
]);

/**
 * Step 3: the lecturer's project mirror (the project and all its applications), and the
 * application mirrors of `only` (every application when null) for each of their students.
 */
async function writeMirrors(
  deps: ProjectsDeps,
  project: ProjectDoc,
  apps: ApplicationDoc[],
  only: Set<string> | null,
): Promise<void> {
  const names = await serviceNames(deps);
  const now = deps.clock.now();
  const at = now.toISOString();
  await writeMirror(
    deps,
    project.lecturer_id,
    projectMirrorDocSchema.parse({
      _id: projectMirrorId(project.id),
      type: 'project_mirror',
      id: project.id,
      project: toProject(project, names, { id: project.lecturer_id, role: 'Lecturer' }, null, now),
      applications: apps.map((app) => toApplication(app, project)),
      source_seq: project.seq,
      mirrored_at: at,
    }),
  );
  const summary = toSummary(project, names);
  for (const app of apps) {
    if (only && !only.has(app.id)) continue;
    const mirror = applicationMirrorDocSchema.parse({
      _id: applicationMirrorId(app.id),
      type: 'application_mirror',
      id: app.id,
      application: toApplication(app, project),
      project: summary,
      source_seq: project.seq,
      mirrored_at: at,
    });
    for (const userId of app.member_ids) await writeMirror(deps, userId, mirror);
  }
}

/** One publication of a project's outbox (steps 1–4), under its lease. */
async function publishOnce(deps: ProjectsDeps, projectId: string): Promise<void> {
  const read = await readProject(deps, projectId);
  const events = read.outbox;
  const before = await applicationsOf(deps, projectId);
  const settled = await settleDecisions(deps, read, before, events.at(-1)?.by ?? read.lecturer_id);
  const apps = settled.apps;
  for (const event of events) await tellOf(deps, settled.project, apps, event);
  const done = new Set(events.map((e) => e.id));
  const project = await mutateProject(deps, projectId, (current) => {
    const left = current.outbox.filter((e) => !done.has(e.id));
    return left.length === current.outbox.length ? current : { ...current, outbox: left };
  });
  // Every application mirror shows the project: all of them for a change of the project, else
  // only those of the applications the events name or the decisions changed.
  const only = events.some((e) => PROJECT_EVENTS.has(e.kind))
    ? null
    : new Set([
        ...events.flatMap((e) => (e.application_id ? [e.application_id] : [])),
        ...apps.filter((app, i) => app !== before[i]).map((app) => app.id),
      ]);
  await writeMirrors(deps, project, apps, only);
}

const MAX_ROUNDS = 5;

/**
 * Publishes a project's outbox, holding its lease meanwhile; a change made while the lease is
 * held is published by the holder, which reads the project again after letting the lease go.
 */
export async function publishProject(deps: ProjectsDeps, projectId: string): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const lease = await tryLease(deps.couch, deps.clock, `project:${projectId}`, 60_000);
    if (!lease) return;
    try {
      await publishOnce(deps, projectId);
    } finally {
      await releaseLease(deps.couch, lease).catch(() => undefined);
    }
    if ((await readProject(deps, projectId)).outbox.length === 0) return;
  }
}

/** The projects' part of the timers' sweep: follow-ups a stopped process left undone. */
export async function sweepProjects(deps: ProjectsDeps): Promise<void> {
  const pending = await deps.couch
    .db('projects')
    .view('projects', 'followup', { limit: 500 } as never);
  for (const row of pending.rows as unknown as { id: string }[]) {
    const id = row.id.slice('project:'.length);
    await publishProject(deps, id).catch((error: unknown) =>
      deps.logger.warn(
        { err: error, project: id },
        'a project follow-up failed; it will be retried',
      ),
    );
  }
}
