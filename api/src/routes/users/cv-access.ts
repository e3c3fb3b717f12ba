import type { AppDeps } from '../../context';
import { appliedToLecturer } from '../projects/projects.service';
import type { UserDoc } from './users.model';

/**
 * Who may download a member's CV: the member and admins; and a lecturer the student applied to
 * (lecturerReviewsApplicationOf).
 */
export async function mayReadCv(
  deps: Pick<AppDeps, 'couch'>,
  viewer: UserDoc,
  ownerId: string,
): Promise<boolean> {
  if (viewer.id === ownerId || viewer.role === 'Admin') return true;
  return lecturerReviewsApplicationOf(deps, viewer, ownerId);
}

/**
 * True when `viewer` is a lecturer with a project that the student `ownerId` applied to (alone or
 * in a team): the lecturer reads the applicants' CVs on the shortlist.
 */
async function lecturerReviewsApplicationOf(
  deps: Pick<AppDeps, 'couch'>,
  viewer: UserDoc,
  ownerId: string,
): Promise<boolean> {
  if (viewer.role !== 'Lecturer') return false;
  return appliedToLecturer(deps, viewer.id, ownerId);
}
