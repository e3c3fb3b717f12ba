import { type WishlistKind } from '@wayfarer/api/schemas/userdb-rules';
import { buildPath } from '@/config/paths';

/** Where a saved item lives: a person's profile, a project, a gig. */
export function itemHref(kind: WishlistKind, ref: string): string | null {
  if (kind === 'user') return buildPath('user', { tagname: ref });
  if (kind === 'project') return buildPath('project.show', { id: ref });
  if (kind === 'gig') return buildPath('gigs.show', { id: ref });
  return null;
}

export const KIND_LABELS: Record<WishlistKind, string> = {
  gig: 'Gig',
  project: 'Project',
  user: 'Person',
};
