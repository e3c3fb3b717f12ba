/**
 * Projects, applications, parties and the leaderboard (issue 19): the Lecturer and Student half.
 * The requests the API takes (zod, field errors as sentences) and the answers it gives; the API
 * keeps the rules (api/src/routes/projects/, party/, leaderboard/), the web app imports this file
 * through `@wayfarer/api/schemas/projects`.
 *
 * Rules (PRODUCT.md "Project", "Party", "Leaderboard"):
 * - A Lecturer posts a project (draft → open → in_progress → completed, or cancelled from any
 *   state before completed). Students apply while it is open and before its deadline (the end of
 *   the deadline day, UTC): alone, or as the party they lead with members who accepted the party.
 * - One application per student and per party per project (a student in an accepted or pending
 *   team application of the project may not apply alone, and the other way round: 409).
 * - A slot is one accepted applicant: a student alone or a whole team. Accepts never exceed the
 *   slots, even when two land at once (compare-and-set of the project).
 * - After completion the lecturer reviews each participant once (1-5 stars and a comment); the
 *   review awards `pointsForRating(rating)` (schemas/reviews.ts, the one rule shared with order
 *   reviews) to the participant for the expertise they applied with.
 * - A Student leads at most one party (name, description, up to PARTY_MEMBERS_MAX members besides
 *   the leader), invites by tagname; the invitee accepts or declines; the leader removes members;
 *   a member leaves.
 * - The leaderboard ranks members per expertise (a service id) by points, highest first; equal
 *   points share a rank (1 + the number of members with more points). Members with 0 points are
 *   not listed; their points label reads "0 Points".
 *
 * Endpoints:
 *   POST   /api/projects                                  201 {project}   Lecturer (status open, or draft)
 *   GET    /api/projects                                  ListResponse<ProjectSummary> open ones; filters
 *   GET    /api/lecturer/projects                         ListResponse<ProjectSummary> the caller's, every status
 *   GET    /api/project/{id}                              200 {project: Project}   (the spec's "visited project")
 *   PATCH  /api/project/{id}                              200 {project}   its lecturer; draft or open
 *   POST   /api/project/{id}/apply                        201 {application}  Student
 *   DELETE /api/project/{id}/apply                        200 {application}  withdraw (pending only)
 *   GET    /api/applications                              ListResponse<ProjectApplication> the caller's (alone, led or member)
 *   GET    /api/project/{project_url}/shortlist           200 ShortlistResponse  its lecturer
 *   POST   /api/project/{id}/shortlist/{application_id}/accept   200 {application}  {message?}
 *   POST   /api/project/{id}/shortlist/{application_id}/decline  200 {application}  {message?}
 *   GET    /api/project/{id}/dashboard                    200 ProjectDashboard  its lecturer, or a participant
 *   POST   /api/project/{id}/message                      200 ProjectMessageResult  its lecturer: {text, id?} to every participant
 *   POST   /api/project/{id}/start | /complete | /cancel  200 {project}  its lecturer
 *   POST   /api/project/{id}/reviews                      201 {review}   its lecturer, after completion
 *   GET    /api/users/{tagname}/projects                  200 {data: ProfileProject[]} (public)
 *   GET    /api/party                                     200 PartyResponse
 *   POST   /api/party                                     201 {party}   Student, once (409 after)
 *   PATCH  /api/party                                     200 {party}   the leader: name, description
 *   POST   /api/party/invites                             201 {invite}  the leader: {tagname}
 *   DELETE /api/party/invites/{id}                        200 {invite}  the leader cancels a pending one
 *   POST   /api/party/invites/{id}/accept | /decline      200 {invite}  the invitee
 *   DELETE /api/party/members/{user_id}                   200 {party}   the leader removes a member
 *   POST   /api/parties/{id}/leave                        200 {}        a member leaves
 *   GET    /api/leaderboard?expertise=&page=              LeaderboardResponse (public)
 */
import { z } from 'zod';
import { MESSAGE_ID_PATTERN } from './userdb-rules';
import {
  APPLICANT_TYPES,
  PARTY_MEMBERS_MAX,
  PROJECT_SLOTS_MAX,
  type ProjectStatus,
  type ApplicantType,
  type ApplicationStatus,
  type PartyInviteStatus,
} from './project-rules';

export * from './project-rules';

/** A member as projects show them (the same fields as an order's party). */
export interface ProjectPerson {
  id: string;
  full_name: string;
  tagname: string | null;
  avatar: string | null;
}

export type ProjectAction =
  | 'edit'
  | 'publish'
  | 'apply'
  | 'withdraw'
  | 'shortlist'
  | 'start'
  | 'complete'
  | 'cancel'
  | 'review'
  | 'dashboard';

/** A project in lists (Explore, the home page, the lecturer's projects, profiles). */
export interface ProjectSummary {
  id: string;
  title: string;
  /** Service ids with their names. */
  expertise: { id: string; name: string }[];
  applicant_types: ApplicantType[];
  slots: number;
  slots_left: number;
  /** YYYY-MM-DD: applications close at the end of this day (UTC). */
  deadline: string;
  start_date: string;
  end_date: string;
  /** null: remote. */
  location: string | null;
  status: ProjectStatus;
  lecturer: ProjectPerson;
  application_count: number;
  created_at: string;
  updated_at: string;
}

/** `GET /api/project/{id}`: the brief, and what the viewer may do. */
export interface Project extends ProjectSummary {
  /** Markdown. */
  description: string;
  /** The spec's "visited project": the first of applicant_types, and the lecturer's tagname. */
  applicant_type: ApplicantType;
  user: { tagname: string | null };
  published_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  actions: ProjectAction[];
  /** For a Student viewer: their application (alone, or their team's), if any. */
  my_application: ProjectApplication | null;
}

export interface ApplicationMember {
  user: ProjectPerson;
  /** A service id. */
  expertise: string;
}

export interface ProjectApplication {
  id: string;
  project_id: string;
  project_title: string;
  type: ApplicantType;
  /** The student alone, or the party's leader (who applied). */
  applicant: ProjectPerson;
  /** Team only. */
  party: { id: string; name: string } | null;
  /** The applicant's expertise (a service id); for a team, the leader's. */
  expertise: string;
  /** Team only: the other members with their expertise. */
  members: ApplicationMember[];
  apply_reason: string;
  self_describe: string;
  status: ApplicationStatus;
  /** The lecturer's message with the decision. */
  decision_message: string | null;
  created_at: string;
  decided_at: string | null;
}

/** The spec's shortlist entries (section 3), with the status the lecturer decided. */
export interface ShortlistIndividual {
  id: string;
  from_id: string;
  from: { full_name: string; tagname: string | null; avatar: string | null };
  expertise: string;
  apply_reason: string;
  self_describe: string;
  user_id: string;
  applicant_type: 'Individual';
  isAccepted: boolean;
  status: ApplicationStatus;
  created_at: string;
}

export interface ShortlistTeam {
  id: string;
  from_id: string;
  applicant_type: 'Team';
  leader_id: string;
  team_name: string;
  apply_reason: string;
  self_describe: string;
  isAccepted: boolean;
  status: ApplicationStatus;
  /** Every member of the team, the leader first. */
  applicant_team_members: {
    id: string;
    member: { id: string; full_name: string; tagname: string | null; avatar: string | null };
    expertise: string;
  }[];
  created_at: string;
}

/** `GET /api/project/{project_url}/shortlist`. Withdrawn applications are not listed. */
export interface ShortlistResponse {
  shortlistIndividual: ShortlistIndividual[];
  shortlistTeam: ShortlistTeam[];
  project: Project;
}

export interface ProjectReview {
  id: string;
  project: { id: string; title: string };
  subject: ProjectPerson;
  reviewer: ProjectPerson;
  rating: number;
  comment: string;
  /** The service id the points went to. */
  expertise: string;
  points: number;
  created_at: string;
}

/** One accepted person on the dashboard (a team's members appear one by one, with their team). */
export interface ProjectParticipant {
  user: ProjectPerson;
  expertise: string;
  application_id: string;
  type: ApplicantType;
  team: { id: string; name: string } | null;
  review: ProjectReview | null;
}

/** `GET /api/project/{id}/dashboard`. */
export interface ProjectDashboard {
  project: Project;
  participants: ProjectParticipant[];
  /** Accepted teams with their members. */
  teams: {
    application_id: string;
    party: { id: string; name: string };
    members: ProjectPerson[];
  }[];
  /** Applications waiting for a decision. */
  pending_count: number;
}

/**
 * `POST /api/project/{id}/message`: the conversations the text went to, and the participants it
 * could not go to (no longer active, no tagname, blocking the lecturer), each with a sentence.
 * Sending again with the same text within the minute (or the same `id`) sends nothing twice.
 */
export interface ProjectMessageResult {
  conversation_ids: string[];
  skipped: { user_id: string; reason: string }[];
}

/** `GET /api/users/{tagname}/projects`: a lecturer's projects (not drafts), a student's completed ones. */
export interface ProfileProject {
  project: ProjectSummary;
  /** For a student: the review they received on it, if any. */
  review: ProjectReview | null;
}

export interface PartyMember {
  user: ProjectPerson;
  joined_at: string;
}

export interface PartyInvite {
  id: string;
  party: { id: string; name: string };
  leader: ProjectPerson;
  invitee: ProjectPerson;
  status: PartyInviteStatus;
  created_at: string;
  decided_at: string | null;
}

export interface Party {
  id: string;
  name: string;
  description: string;
  leader: ProjectPerson;
  members: PartyMember[];
  /** The leader only: pending invitations. */
  invites: PartyInvite[];
  created_at: string;
  updated_at: string;
}

/** `GET /api/party` (the spec: "a leader object containing a members list, and a member"). */
export interface PartyResponse {
  /** The party the caller leads, or null. */
  leader: Party | null;
  /** The parties the caller is a member of. */
  member: Party[];
  /** Invitations waiting for the caller's answer. */
  invitations: PartyInvite[];
}

export interface LeaderboardEntry {
  rank: number;
  user: { tagname: string | null; full_name: string; avatar: string | null };
  points: number;
}

/** `GET /api/leaderboard`: the list shape, with the caller's own rank in meta.me. */
export interface LeaderboardResponse {
  data: LeaderboardEntry[];
  meta: {
    page: number;
    per_page: number;
    total: number;
    last_page: number;
    /** The service id ranked. */
    expertise: string;
    /** The caller's own place (signed in, with points in this expertise), else null. */
    me: { rank: number; points: number } | null;
  };
}

// Requests ------------------------------------------------------------------------------------

/** A calendar day YYYY-MM-DD that exists (2027-02-30 and 2027-13-45 do not). */
const date = (what: string) =>
  z.iso.date({
    error: (issue) =>
      issue.input === undefined ? `Choose the ${what}.` : `Choose the ${what}, such as 2027-03-14.`,
  });

const projectFields = {
  title: z
    .string({ error: 'Enter a title.' })
    .trim()
    .min(10, 'A title has at least 10 characters.')
    .max(120, 'A title has at most 120 characters.'),
  description: z
    .string({ error: 'Describe the project.' })
    .trim()
    .min(30, 'Write at least 30 characters.')
    .max(10_000, 'At most 10,000 characters.'),
  expertise: z
    .array(z.string().trim().min(1).max(60), { error: 'Choose the expertise you want.' })
    .min(1, 'Choose at least one expertise.')
    .max(10, 'Choose at most 10.'),
  applicant_types: z
    .array(z.enum(APPLICANT_TYPES, 'Individual or team.'), { error: 'Say who may apply.' })
    .min(1, 'Allow individuals, teams or both.')
    .max(2)
    .transform((types) => APPLICANT_TYPES.filter((t) => types.includes(t))),
  slots: z
    .number({ error: 'Enter the number of places.' })
    .int('Places are a whole number.')
    .min(1, 'At least 1 place.')
    .max(PROJECT_SLOTS_MAX, `At most ${PROJECT_SLOTS_MAX} places.`),
  deadline: date('application deadline'),
  start_date: date('start date'),
  end_date: date('end date'),
  location: z
    .string()
    .trim()
    .max(100, 'At most 100 characters.')
    .nullish()
    .transform((v) => v || null),
};

function projectDatesInOrder(
  input: { deadline?: string; start_date?: string; end_date?: string },
  ctx: z.core.$RefinementCtx,
) {
  if (input.start_date && input.end_date && input.end_date < input.start_date)
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: 'The end date is on or after the start date.',
    });
  if (input.deadline && input.start_date && input.start_date < input.deadline)
    ctx.addIssue({
      code: 'custom',
      path: ['deadline'],
      message: 'Applications close on or before the start date.',
    });
}

/** `POST /api/projects`; `status: 'draft'` keeps it unpublished (default: open). */
export const createProjectSchema = z
  .object({ ...projectFields, status: z.enum(['draft', 'open']).default('open') })
  .strict()
  .superRefine(projectDatesInOrder);
export type CreateProjectRequest = z.input<typeof createProjectSchema>;

/** `PATCH /api/project/{id}`: any of the fields; `status: 'open'` publishes a draft. */
export const updateProjectSchema = z
  .object({ ...projectFields, status: z.literal('open') })
  .partial()
  .strict()
  .superRefine(projectDatesInOrder);
export type UpdateProjectRequest = z.input<typeof updateProjectSchema>;

/** `GET /api/projects` (and `GET /api/lecturer/projects`: page and per_page only). */
export const projectSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** A service id. */
  expertise: z.string().trim().max(60).optional(),
  type: z.enum(APPLICANT_TYPES, 'Individual or team.').optional(),
  /** Only projects whose deadline is on or before this day. */
  deadline_before: z.iso.date({ error: 'A date such as 2027-03-14.' }).optional(),
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').default(1),
  per_page: z.coerce.number().int().min(1).max(50, 'At most 50 per page.').default(12),
});
export type ProjectSearchQuery = z.input<typeof projectSearchQuerySchema>;

const applyText = (what: string, min: number) =>
  z
    .string({ error: `Write ${what}.` })
    .trim()
    .min(min, `Write at least ${min} characters.`)
    .max(2000, 'At most 2,000 characters.');

/** `POST /api/project/{id}/apply`. A team applies as the caller's led party. */
export const applyProjectSchema = z
  .object({
    type: z.enum(APPLICANT_TYPES, 'Apply alone or as your party.'),
    apply_reason: applyText('why you apply', 20),
    self_describe: applyText('a few words about yourself', 20),
    /** The caller's expertise for this project (one of the project's). */
    expertise: z
      .string({ error: 'Choose your expertise.' })
      .trim()
      .min(1, 'Choose your expertise.'),
    /** Team only: members of the caller's party who accepted it, each with their expertise. */
    members: z
      .array(
        z.object({
          user_id: z.string({ error: 'Choose a member.' }).min(1, 'Choose a member.'),
          expertise: z
            .string({ error: 'Choose their expertise.' })
            .trim()
            .min(1, 'Choose their expertise.'),
        }),
      )
      .max(PARTY_MEMBERS_MAX, `At most ${PARTY_MEMBERS_MAX} members.`)
      .optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.type === 'team' && !input.members?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['members'],
        message: 'Choose at least one member of your party.',
      });
    if (input.type === 'individual' && input.members?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['members'],
        message: 'Members are for a team application.',
      });
    const ids = (input.members ?? []).map((m) => m.user_id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['members'], message: 'Each member once.' });
  });
export type ApplyProjectRequest = z.input<typeof applyProjectSchema>;

/** Accept or decline: an optional message to the applicant. */
export const decisionSchema = z
  .object({ message: z.string().trim().max(1000, 'At most 1,000 characters.').optional() })
  .strict();

export const projectMessageSchema = z
  .object({
    text: z
      .string({ error: 'Write a message.' })
      .trim()
      .min(1, 'Write a message.')
      .max(5000, 'At most 5,000 characters.'),
    /** Optional: the client's id for this message, so a retry is sent once whenever it lands. */
    id: z
      .string()
      .regex(MESSAGE_ID_PATTERN, 'A message id has 8 to 64 letters, digits, _ or -.')
      .optional(),
  })
  .strict();

/** `POST /api/project/{id}/reviews`. */
export const projectReviewSchema = z
  .object({
    user_id: z.string({ error: 'Choose the participant.' }).min(1, 'Choose the participant.'),
    rating: z
      .number({ error: 'Rate from 1 to 5 stars.' })
      .int('Rate from 1 to 5 stars.')
      .min(1, 'Rate from 1 to 5 stars.')
      .max(5, 'Rate from 1 to 5 stars.'),
    comment: z
      .string({ error: 'Write a few words about their work.' })
      .trim()
      .min(10, 'Write at least 10 characters.')
      .max(2000, 'At most 2,000 characters.'),
  })
  .strict();
export type ProjectReviewRequest = z.input<typeof projectReviewSchema>;

const partyFields = {
  name: z
    .string({ error: 'Name your party.' })
    .trim()
    .min(3, 'A name has at least 3 characters.')
    .max(60, 'A name has at most 60 characters.'),
  description: z
    .string()
    .trim()
    .max(1000, 'At most 1,000 characters.')
    .optional()
    .transform((v) => v ?? ''),
};

/** `POST /api/party`. */
export const createPartySchema = z.object(partyFields).strict();
export type CreatePartyRequest = z.input<typeof createPartySchema>;
/** `PATCH /api/party`. */
export const updatePartySchema = z.object(partyFields).partial().strict();

/** `POST /api/party/invites`. */
export const partyInviteSchema = z
  .object({
    tagname: z
      .string({ error: 'Enter their tag name.' })
      .trim()
      .transform((v) => v.replace(/^@/, '').toLowerCase())
      .pipe(z.string().min(1, 'Enter their tag name.').max(30, 'At most 30 characters.')),
  })
  .strict();

/** `GET /api/leaderboard`: expertise defaults to the first service. */
export const leaderboardQuerySchema = z.object({
  expertise: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').default(1),
});
