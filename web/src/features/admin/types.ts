// Shapes of the admin API (api/src/routes/admin). Those the API publishes are type-only imports
// from its schemas; the rest mirror the admin-*.service.ts files until they move there.
import type {
  AdminStats,
  AdminUserPatch,
  AdminUserRow,
  AuditEntry,
  BlogInput,
  ListResponse,
  ServiceInput,
  User,
} from '@wayfarer/api/schemas';
import type {
  LedgerCheck,
  Order,
  OrderEvent,
  OrderFile,
  OrderParty,
  OrderStatus,
} from '@wayfarer/api/schemas/orders';
import type { AdminReview, Review } from '@wayfarer/api/schemas/reviews';

export type { AdminStats, AdminUserPatch, AdminUserRow, AuditEntry, ListResponse };
export type { LedgerCheck, Order, OrderEvent, OrderFile, OrderParty, OrderStatus };
export type { AdminReview, Review };

/** GET /api/admin/reviews: `status` filters (reported: with at least one report, not hidden). */
export type AdminReviewStatus = 'reported' | 'hidden' | 'published' | 'all';
export type AdminReviewList = ListResponse<AdminReview>;

/** GET /api/admin/orders and /api/admin/disputes: a page of orders and the count per status. */
export type OrderList = ListResponse<Order> & { counts: Partial<Record<OrderStatus, number>> };

/** POST /api/admin/disputes/:id/resolve: `refund_amount` in minor units, null for all of it. */
export interface DisputeResolution {
  outcome: 'complete' | 'refund';
  refund_amount: number | null;
  note: string;
}

export type UserStatus = AdminUserRow['status'];

/** GET /api/admin/users/:id → `user`: the account as admins see it (email and status included). */
export type AdminUser = Omit<User, 'status'> & { status: UserStatus };

interface SessionActivity {
  signed_in_at: string;
  device: string;
  active: boolean;
}

export interface UserDetails {
  user: AdminUser;
  counts: { gigs: number; active_sessions: number };
  activity: SessionActivity[];
  audit: AuditEntry[];
}

export type ServiceStatus = NonNullable<ServiceInput['status']>;

export interface AdminService {
  id: string;
  name: string;
  description: string;
  icon: string | null;
  status: ServiceStatus;
  position: number;
  created_by: string | null;
  created_at: string | null;
  updated_at: string | null;
  gig_count: number;
}

export interface ServiceFormValues {
  name: string;
  description: string;
  status: ServiceStatus;
  icon: string | null;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  handled_at: string | null;
}

export type ContactStatus = 'open' | 'handled';

export type BlogStatus = NonNullable<BlogInput['status']>;

export interface AdminBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown. */
  body: string;
  cover: string | null;
  status: BlogStatus;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BlogFormValues {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  status: BlogStatus;
}
