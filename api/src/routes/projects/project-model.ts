/**
 * Projects and applications as stored in `wf_projects` (issue 19), and as the API shows them.
 *
 * - `project:<id>`: the lecturer's project, with `accepted` (the ids of the accepted applications:
 *   a slot each, changed only by a compare-and-set of the project) and its outbox (the events its
 *   changes appended in the same write: project-followup.ts publishes them).
 * - `application:<project_id>:u:<user_id>` (a student alone) and
 *   `application:<project_id>:t:<leader_id>` (a party, by its leader): one per student and per
 *   party per project, since CouchDB takes one create of an id. The public id is the part after
 *   `application:`.
 * - `project_review:<project_id>:<user_id>`: the lecturer's one review of a participant; the view
 *   `points/by_user` sums its points per expertise.
 * - `party:<leader_id>`: a party (written by the party routes; read here for team applications).
 */
import type {
  ApplicantType,
  ApplicationStatus,
  ProjectAction,
  ProjectApplication,
  ProjectPerson,
  ProjectReview,
  ProjectStatus,
  ProjectSummary,
  Project,
} from '../../schemas/projects';
import { pointsForRating } from '../../schemas/reviews';

export const projectKey = (id: string) => `project:${id}`;
export const applicationIdOf = (projectId: string, type: ApplicantType, userId: string) =>
  `${projectId}:${type === 'team' ? 't' : 'u'}:${userId}`;
export const applicationKey = (id: string) => `application:${id}`;
/** The project of an application id (`<project_id>:<u|t>:<user_id>`), or null. */
export function projectOfApplication(id: string): string | null {
  const match = /^([A-Za-z0-9_-]+):[ut]:[A-Za-z0-9_-]+$/.exec(id);
  return match ? match[1]! : null;
}
export const reviewKey = (projectId: string, userId: string) =>
  `project_review:${projectId}:${userId}`;
export const partyKey = (leaderId: string) => `party:${leaderId}`;

/** Who did what, kept on the document. */
interface Change {
  at: string;
  by: string;
  event: string;
}

export interface ProjectEvent {
  id: string;
  kind:
    | 'created'
    | 'edited'
    | 'published'
    | 'applied'
    | 'withdrawn'
    | 'accepted'
    | 'declined'
    | 'started'
    | 'completed'
    | 'cancelled'
    | 'reviewed';
  at: string;
  by: string;
  /** The application the event is about. */
  application_id?: string;
  /** The participant a review is about. */
  user_id?: string;
}

export interface ProjectDoc {
  _id: string;
  _rev?: string;
  type: 'project';
  id: string;
  lecturer_id: string;
  lecturer: ProjectPerson;
  title: string;
  description: string;
  expertise: string[];
  applicant_types: ApplicantType[];
  slots: number;
  deadline: string;
  start_date: string;
  end_date: string;
  location: string | null;
  status: ProjectStatus;
  /** Accepted applications' ids, a slot each (never more than `slots`). */
  accepted: string[];
  /** Applications not withdrawn. */
  application_count: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  history: Change[];
  outbox: ProjectEvent[];
  seq: number;
}

export interface ApplicationDoc {
  _id: string;
  _rev?: string;
  type: 'application';
  id: string;
  project_id: string;
  project_title: string;
  /** The project's lecturer (who decides; who may read the applicants' CVs). */
  lecturer_id: string;
  applicant_type: ApplicantType;
  applicant_id: string;
  applicant: ProjectPerson;
  party: { id: string; name: string } | null;
  expertise: string;
  members: { user: ProjectPerson; expertise: string }[];
  /** The applicant and every member: whose application it is. */
  member_ids: string[];
  apply_reason: string;
  self_describe: string;
  status: ApplicationStatus;
  decision_message: string | null;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
  history: Change[];
}

export interface ProjectReviewDoc {
  _id: string;
  _rev?: string;
  type: 'project_review';
  id: string;
  project_id: string;
  project_title: string;
  subject_id: string;
  subject: ProjectPerson;
  reviewer_id: string;
  reviewer: ProjectPerson;
  rating: number;
  comment: string;
  expertise: string;
  created_at: string;
}

export interface PartyDoc {
  _id: string;
  type: 'party';
  leader_id: string;
  name: string;
  members: { user_id: string; joined_at: string }[];
}

const DAY_MS = 86_400_000;

/** Applications close at the end of the deadline day (UTC). */
export const deadlinePassed = (deadline: string, now: Date) =>
  now.getTime() >= Date.parse(`${deadline}T00:00:00.000Z`) + DAY_MS;

/** Open and before the end of its deadline: the only state that takes applications. */
export const takesApplications = (project: ProjectDoc, now: Date) =>
  project.status === 'open' && !deadlinePassed(project.deadline, now);

/** Pending or accepted: an application that holds its members. */
export const isLive = (app: ApplicationDoc) =>
  app.status === 'pending' || app.status === 'accepted';

/** The viewer of a project or an application (signed in or not). */
export type Viewer = { id: string; role: string } | null;

export function toSummary(doc: ProjectDoc, names: Map<string, string>): ProjectSummary {
  return {
    id: doc.id,
    title: doc.title,
    expertise: doc.expertise.map((id) => ({ id, name: names.get(id) ?? id })),
    applicant_types: doc.applicant_types,
    slots: doc.slots,
    slots_left: Math.max(0, doc.slots - doc.accepted.length),
    deadline: doc.deadline,
    start_date: doc.start_date,
    end_date: doc.end_date,
    location: doc.location,
    status: doc.status,
    lecturer: doc.lecturer,
    application_count: doc.application_count,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export function toApplication(doc: ApplicationDoc, project: ProjectDoc | null): ProjectApplication {
  // The project's accepted list decides: an accept whose application write was interrupted
  // shows as accepted (the follow-up writes it).
  const accepted = !!project?.accepted.includes(doc.id);
  return {
    id: doc.id,
    project_id: doc.project_id,
    project_title: project?.title ?? doc.project_title,
    type: doc.applicant_type,
    applicant: doc.applicant,
    party: doc.party,
    expertise: doc.expertise,
    members: doc.members,
    apply_reason: doc.apply_reason,
    self_describe: doc.self_describe,
    status: accepted ? 'accepted' : doc.status,
    decision_message: doc.decision_message,
    created_at: doc.created_at,
    decided_at: doc.decided_at,
  };
}

function actionsOf(
  doc: ProjectDoc,
  viewer: Viewer,
  mine: ApplicationDoc | null,
  now: Date,
): ProjectAction[] {
  if (!viewer) return [];
  const actions: ProjectAction[] = [];
  if (viewer.id === doc.lecturer_id) {
    switch (doc.status) {
      case 'draft':
        return ['edit', 'publish', 'cancel'];
      case 'open':
        actions.push('edit', 'shortlist', 'dashboard');
        if (doc.accepted.length) actions.push('start');
        actions.push('cancel');
        return actions;
      case 'in_progress':
        return ['shortlist', 'dashboard', 'complete', 'cancel'];
      case 'completed':
        return ['dashboard', 'review'];
      default:
        return [];
    }
  }
  if (viewer.role !== 'Student') return [];
  const live = mine && isLive(mine);
  if (
    !live &&
    takesApplications(doc, now) &&
    doc.accepted.length < doc.slots &&
    doc.applicant_types.length
  )
    actions.push('apply');
  if (
    mine?.status === 'pending' &&
    mine.applicant_id === viewer.id &&
    !doc.accepted.includes(mine.id)
  )
    actions.push('withdraw');
  if (mine && (mine.status === 'accepted' || doc.accepted.includes(mine.id)))
    actions.push('dashboard');
  return actions;
}

export function toProject(
  doc: ProjectDoc,
  names: Map<string, string>,
  viewer: Viewer,
  mine: ApplicationDoc | null,
  now: Date,
): Project {
  return {
    ...toSummary(doc, names),
    description: doc.description,
    applicant_type: doc.applicant_types[0] ?? 'individual',
    user: { tagname: doc.lecturer.tagname },
    published_at: doc.published_at,
    started_at: doc.started_at,
    completed_at: doc.completed_at,
    cancelled_at: doc.cancelled_at,
    actions: actionsOf(doc, viewer, mine, now),
    my_application: mine ? toApplication(mine, doc) : null,
  };
}

export function toReview(doc: ProjectReviewDoc): ProjectReview {
  return {
    id: doc.id,
    project: { id: doc.project_id, title: doc.project_title },
    subject: doc.subject,
    reviewer: doc.reviewer,
    rating: doc.rating,
    comment: doc.comment,
    expertise: doc.expertise,
    points: pointsForRating(doc.rating),
    created_at: doc.created_at,
  };
}

/** Every person of an application with the expertise they applied with, the applicant first. */
export function peopleOf(app: ApplicationDoc): { user: ProjectPerson; expertise: string }[] {
  return [{ user: app.applicant, expertise: app.expertise }, ...app.members];
}
