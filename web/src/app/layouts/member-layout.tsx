// The layout of a member's own inbox and notifications (issue 20): a Customer or an Agent reads
// them inside their area (its sidebar and header), as the area's other pages; every other role
// in the default layout (navbar and footer), as before.
import { useCurrentUser } from '@/stores/auth';
import { AgentLayout, CustomerLayout } from './area-layout';
import { SiteShell } from './site-shell';

export function Component() {
  const user = useCurrentUser();
  // Between logout and the redirect to login, as in the areas: nothing to show.
  if (!user) return null;
  if (user.role === 'Customer') return <CustomerLayout />;
  if (user.role === 'Agent') return <AgentLayout />;
  return <SiteShell layout="default" />;
}
