import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { NavigationProgress } from '@/components/ui/progress-bar';
import { OfflineIndicator } from '@/features/pwa/components/offline-indicator';
import { UpdatePrompt } from '@/features/pwa/components/update-prompt';
import { useCurrentUser } from '@/stores/auth';
import { useScrollBehavior } from './scroll-behavior';
import { useDocumentTitle } from './use-document-title';

/**
 * Sends reviews written offline (issue 17); its own chunk, loaded only for a signed-in customer
 * or agent (the two sides of an order).
 */
const ReviewOutbox = lazy(() => import('@/features/reviews/components/review-outbox'));

/** The root route: what every page has, whatever its layout. */
export function Root() {
  useDocumentTitle();
  useScrollBehavior();
  const user = useCurrentUser();

  return (
    <>
      <NavigationProgress />
      <OfflineIndicator />
      <Outlet />
      <UpdatePrompt />
      {(user?.role === 'Customer' || user?.role === 'Agent') && (
        <Suspense fallback={null}>
          <ReviewOutbox key={user.id} />
        </Suspense>
      )}
    </>
  );
}
