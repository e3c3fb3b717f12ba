import type { AppDeps } from '../../context';
import type { UserDoc } from './users.model';

/**
 * Who may download a member's CV: the member and admins; and, once projects exist, a lecturer
 * the student applied to (lecturerReviewsApplicationOf).
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
 * The hook for the projects capability: true when `viewer` is a lecturer with a project that the
 * student `ownerId` applied to (alone or in a team). Projects and applications do not exist yet
 * (wf_projects is planned), so no lecturer qualifies; the projects issue fills this in.
 */
async function lecturerReviewsApplicationOf(
  _deps: Pick<AppDeps, 'couch'>,
  _viewer: UserDoc,
  _ownerId: string,
): Promise<boolean> {
  return false;
}
