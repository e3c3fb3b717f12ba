// The projects a profile shows (issue 19): a lecturer's projects (not drafts) and a student's
// completed ones with the review they received, public; and the signed-in lecturer's own
// projects in every status. Shapes from the API's contract (types only).
import type { ListResponse } from '@wayfarer/api/schemas';
import type { ProfileProject, ProjectReview, ProjectSummary } from '@wayfarer/api/schemas/projects';
import { api } from '@/lib/api-client';

export type { ProfileProject, ProjectReview, ProjectSummary };

type Options = { signal?: AbortSignal };

/** GET /api/users/{tagname}/projects. */
export const getUserProjects = (tagname: string, options: Options = {}) =>
  api
    .get<{ data: ProfileProject[] }>(`/users/${encodeURIComponent(tagname)}/projects`, options)
    .then((r) => r.data);

/** GET /api/lecturer/projects: the caller's projects, drafts included, newest first. */
export const getLecturerProjects = (page: number, options: Options = {}) =>
  api.get<ListResponse<ProjectSummary>>('/lecturer/projects', {
    ...options,
    query: { page, per_page: 10 },
  });
