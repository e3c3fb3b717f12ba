// The projects API (issue 19) as the web app uses it: posting and editing a project, the open
// projects and the lecturer's own, one project with what the viewer may do, applying and
// withdrawing, the shortlist and its decisions, the dashboard, messages to every participant,
// start / complete / cancel, reviews, and the student's led party (to apply as a team). Shapes
// come from the API's contract (types only: no validation code reaches the bundle).
import type { ListResponse } from '@wayfarer/api/schemas';
import type {
  ApplicantType,
  ApplyProjectRequest,
  CreateProjectRequest,
  PartyResponse,
  Project,
  ProjectApplication,
  ProjectDashboard,
  ProjectReview,
  ProjectReviewRequest,
  ProjectSummary,
  ShortlistResponse,
  UpdateProjectRequest,
} from '@wayfarer/api/schemas/projects';
import { api } from '@/lib/api-client';

export type {
  ApplicantType,
  ApplyProjectRequest,
  CreateProjectRequest,
  PartyResponse,
  Project,
  ProjectApplication,
  ProjectDashboard,
  ProjectReview,
  ProjectSummary,
  ShortlistResponse,
};

type Options = { signal?: AbortSignal };

const projectPath = (id: string, action = '') =>
  `/project/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export async function createProject(fields: CreateProjectRequest): Promise<Project> {
  return (await api.post<{ project: Project }>('/projects', fields)).project;
}

export async function updateProject(id: string, fields: UpdateProjectRequest): Promise<Project> {
  return (await api.patch<{ project: Project }>(projectPath(id), fields)).project;
}

export async function getProject(id: string, options: Options = {}): Promise<Project> {
  return (await api.get<{ project: Project }>(projectPath(id), options)).project;
}

/** GET /api/projects: open projects, with filters. */
export function listOpenProjects(
  query: {
    q?: string;
    expertise?: string;
    type?: ApplicantType;
    deadline_before?: string;
    page?: number;
    per_page?: number;
  },
  options: Options = {},
): Promise<ListResponse<ProjectSummary>> {
  return api.get<ListResponse<ProjectSummary>>('/projects', { ...options, query });
}

export async function applyToProject(
  id: string,
  request: ApplyProjectRequest,
): Promise<ProjectApplication> {
  return (await api.post<{ application: ProjectApplication }>(projectPath(id, 'apply'), request))
    .application;
}

export async function withdrawApplication(id: string): Promise<ProjectApplication> {
  return (await api.delete<{ application: ProjectApplication }>(projectPath(id, 'apply')))
    .application;
}

export function getShortlist(id: string, options: Options = {}): Promise<ShortlistResponse> {
  return api.get<ShortlistResponse>(projectPath(id, 'shortlist'), options);
}

export async function decideApplication(
  projectId: string,
  applicationId: string,
  decision: 'accept' | 'decline',
  message: string,
): Promise<ProjectApplication> {
  const body = message.trim() ? { message: message.trim() } : {};
  return (
    await api.post<{ application: ProjectApplication }>(
      projectPath(projectId, `shortlist/${encodeURIComponent(applicationId)}/${decision}`),
      body,
    )
  ).application;
}

export function getDashboard(id: string, options: Options = {}): Promise<ProjectDashboard> {
  return api.get<ProjectDashboard>(projectPath(id, 'dashboard'), options);
}

/** POST /api/project/{id}/message: one message to every participant. */
export async function messageParticipants(id: string, text: string): Promise<string[]> {
  return (await api.post<{ conversation_ids: string[] }>(projectPath(id, 'message'), { text }))
    .conversation_ids;
}

export async function changeProjectState(
  id: string,
  action: 'start' | 'complete' | 'cancel',
): Promise<Project> {
  return (await api.post<{ project: Project }>(projectPath(id, action), {})).project;
}

export async function reviewParticipant(
  id: string,
  request: ProjectReviewRequest,
): Promise<ProjectReview> {
  return (await api.post<{ review: ProjectReview }>(projectPath(id, 'reviews'), request)).review;
}

/** GET /api/party: the party the student leads (to apply as a team). */
export function getParty(options: Options = {}): Promise<PartyResponse> {
  return api.get<PartyResponse>('/party', options);
}
