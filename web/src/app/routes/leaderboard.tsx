// /leaderboard (public): the leaderboard feature's page, with the service categories as its
// tabs from the services feature.
import { LeaderboardPage } from '@/features/leaderboard/components/leaderboard-page';
import { useServices } from '@/features/services/hooks/use-services';
import { useCurrentUser } from '@/stores/auth';

export { PageError as ErrorBoundary } from '../page-error';

export function Component() {
  const services = useServices();
  const user = useCurrentUser();
  return (
    <LeaderboardPage
      expertise={services.status === 'ready' ? services.services : services.status}
      viewer={user ? { tagname: user.tagname } : null}
    />
  );
}
