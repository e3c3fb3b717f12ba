export const ROLES = ['Admin', 'Customer', 'Agent', 'Lecturer', 'Student'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a person may pick at registration; admins are made by a command or another admin. */
export const SELF_SERVICE_ROLES = ['Customer', 'Agent', 'Lecturer', 'Student'] as const;

/** One line per role, shown on the registration form. */
export const ROLE_DESCRIPTIONS: Record<(typeof SELF_SERVICE_ROLES)[number], string> = {
  Customer: 'I want to hire travel professionals and post jobs.',
  Agent: 'I am a travel professional and want to sell my services as gigs.',
  Lecturer: 'I train people and want to post projects for students.',
  Student: 'I am learning the trade and want to apply to projects, alone or with a team.',
};

/**
 * The one role-to-permission table (PRODUCT.md). The API decides every capability with
 * `can()`; the web app uses the same table only to hide what the server would refuse.
 */
export const PERMISSIONS = {
  'area.customer': ['Customer'],
  'area.agent': ['Agent'],
  'area.admin': ['Admin'],
  'job.create': ['Customer'],
  'order.create': ['Customer'],
  'gig.create': ['Agent'],
  /** The agent's portfolio projects (issue 20, not in the spec). */
  'portfolio.manage': ['Agent'],
  'offer.create': ['Agent'],
  /** The jobs board and its saved searches (issue 18). */
  'job.browse': ['Agent'],
  'withdrawal.create': ['Agent'],
  'project.create': ['Lecturer'],
  'project.apply': ['Student'],
  'party.lead': ['Student'],
  'inbox.use': ['Admin', 'Customer', 'Agent', 'Lecturer', 'Student'],
  'profile.edit': ['Admin', 'Customer', 'Agent', 'Lecturer', 'Student'],
  'wishlist.use': ['Admin', 'Customer', 'Agent', 'Lecturer', 'Student'],
  'admin.manage': ['Admin'],
  /** Reviews (issue 17): the order's two parties write them; anyone signed in reports one. */
  'review.write': ['Customer', 'Agent'],
  'review.report': ['Admin', 'Customer', 'Agent', 'Lecturer', 'Student'],
  'review.moderate': ['Admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Where a role lands after login (its home area). */
export function homePathFor(role: Role): string {
  switch (role) {
    case 'Admin':
      return '/admin';
    case 'Customer':
      return '/customer/dashboard';
    case 'Agent':
      return '/agent/dashboard';
    default:
      return '/profile';
  }
}
