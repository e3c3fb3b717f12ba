/**
 * Every action the admin audit log records (`audit()` in routes/admin/admin-audit.service.ts
 * takes only these). The web app's admin pages read each as a sentence
 * (features/admin/utils/audit.ts), and its unit test fails for an action here without one, so
 * no new action reaches an admin as a raw name. Plain values: no zod, the web app imports it.
 */
export const AUDIT_ACTIONS = [
  'user.suspend',
  'user.reactivate',
  'user.update',
  'user.delete',
  'service.create',
  'service.update',
  'service.delete',
  'contact.handle',
  'contact.reopen',
  'blog.create',
  'blog.update',
  'blog.publish',
  'blog.unpublish',
  'blog.delete',
  'blog.cover',
  'dispute.resolve.complete',
  'dispute.resolve.refund',
  'withdrawal.approve',
  'withdrawal.reject',
  'review.hide',
  'review.unhide',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
