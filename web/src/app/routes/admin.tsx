// The admin area's pages (issue 7; orders and disputes: issue 15), as route objects under /admin and its admin guard. Every page
// is its own lazy chunk: nothing here reaches the public bundle but these few objects.
import type { RouteObject } from 'react-router-dom';
import { paths, type PathName } from '@/config/paths';
import { adminDashboard, page } from './admin-dashboard';

const users = () => import('@/features/admin/components/users-page');
const userDetails = () => import('@/features/admin/components/user-details-page');
const services = () => import('@/features/admin/components/services-page');
const serviceForm = () => import('@/features/admin/components/service-form-page');
const messages = () => import('@/features/admin/components/messages-page');
const blog = () => import('@/features/admin/components/blog-page');
const withdrawals = () => import('@/features/admin/components/withdrawals-page');
const finance = () => import('@/features/admin/components/finance-page');
const blogForm = () => import('@/features/admin/components/blog-form-page');
const audit = () => import('@/features/admin/components/audit-page');
const orders = () => import('@/features/admin/components/orders-page');
const orderDetails = () => import('@/features/admin/components/order-details-page');
const disputes = () => import('@/features/admin/components/disputes-page');
const dispute = () => import('@/features/admin/components/dispute-page');
const reviews = () => import('@/features/admin/components/reviews-page');

/** The path of `name` relative to /admin (the routes are children of the admin route). */
const under = (name: PathName) => paths[name].slice(`${paths.admin}/`.length);

export const adminChildren: RouteObject[] = [
  adminDashboard,
  { id: 'admin.users', path: under('admin.users'), ...page('Users', users, 'UsersPage') },
  {
    id: 'admin.users.show',
    path: under('admin.users.show'),
    ...page('User Details', userDetails, 'UserDetailsPage'),
  },
  {
    id: 'admin.services',
    path: under('admin.services'),
    ...page('Services', services, 'ServicesPage'),
  },
  {
    id: 'admin.services.create',
    path: under('admin.services.create'),
    ...page('New Service', serviceForm, 'ServiceCreatePage'),
  },
  {
    id: 'admin.services.edit',
    path: under('admin.services.edit'),
    ...page('Edit Service', serviceForm, 'ServiceEditPage'),
  },
  {
    id: 'admin.withdrawals',
    path: under('admin.withdrawals'),
    ...page('Withdrawals', withdrawals, 'WithdrawalsPage'),
  },
  { id: 'admin.finance', path: under('admin.finance'), ...page('Finance', finance, 'FinancePage') },
  {
    id: 'admin.messages',
    path: under('admin.messages'),
    ...page('Contact Messages', messages, 'MessagesPage'),
  },
  { id: 'admin.blog', path: under('admin.blog'), ...page('Blog', blog, 'BlogPage') },
  {
    id: 'admin.blog.create',
    path: under('admin.blog.create'),
    ...page('New Post', blogForm, 'BlogCreatePage'),
  },
  {
    id: 'admin.blog.edit',
    path: under('admin.blog.edit'),
    ...page('Edit Post', blogForm, 'BlogEditPage'),
  },
  { id: 'admin.audit', path: under('admin.audit'), ...page('Audit Log', audit, 'AuditPage') },
  { id: 'admin.orders', path: under('admin.orders'), ...page('Orders', orders, 'OrdersPage') },
  {
    id: 'admin.orders.show',
    path: under('admin.orders.show'),
    ...page('Order Details', orderDetails, 'OrderDetailsPage'),
  },
  {
    id: 'admin.disputes',
    path: under('admin.disputes'),
    ...page('Disputes', disputes, 'DisputesPage'),
  },
  {
    id: 'admin.disputes.show',
    path: under('admin.disputes.show'),
    ...page('Dispute', dispute, 'DisputePage'),
  },
  {
    id: 'admin.reviews',
    path: under('admin.reviews'),
    ...page('Reviews', reviews, 'ReviewsPage'),
  },
];
