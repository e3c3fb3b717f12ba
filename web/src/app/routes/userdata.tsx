// The signed-in member's own data, read from their local database (offline too): the project
// box and the notifications page. Wishlists live on the profile pages (routes/profile.tsx).
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { ProjectBoxPage } from '@/features/projectbox/components/projectbox-page';

export function ProjectBox() {
  return <ProjectBoxPage />;
}

export function Notifications() {
  return <NotificationsPage />;
}
