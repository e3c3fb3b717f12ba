// Where a notification leads. The server writes a `link` with each notification; for the kinds of
// issue 19 (parties and projects) the page is decided here by kind, so the notification opens the
// page the member acts on whatever path the link was written with: an invitation opens the
// member's party page, a new application the shortlist, a review the member's own projects.
import type { NotificationDoc } from '@wayfarer/api/schemas/userdb-docs';
import { buildPath } from '@/config/paths';

/** The project id in a project link: `/project/<id>...` (or `/projects/<id>...`). */
const projectIdOf = (link: string): string | null =>
  /^\/projects?\/([^/?#]+)/.exec(link)?.[1] ?? null;

const PROJECT_PAGE_KINDS = new Set([
  'application_accepted',
  'application_declined',
  'project_started',
  'project_completed',
  'project_cancelled',
]);

/** The app path a notification opens (its own link for kinds not decided here). */
export function notificationHref(doc: Pick<NotificationDoc, 'kind' | 'link'>): string {
  switch (doc.kind) {
    case 'party_invite':
    case 'party_removed':
      return buildPath('party.member');
    case 'party_invite_accepted':
    case 'party_invite_declined':
      return buildPath('party.leader');
    case 'project_review':
      return buildPath('profile.projects');
  }
  const projectId = projectIdOf(doc.link);
  if (projectId && doc.kind === 'project_application')
    return buildPath('project.shortlisted', { id: decodeURIComponent(projectId) });
  if (projectId && PROJECT_PAGE_KINDS.has(doc.kind))
    return buildPath('project.show', { id: decodeURIComponent(projectId) });
  return doc.link;
}
