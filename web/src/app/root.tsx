import { Outlet } from 'react-router-dom';
import { NavigationProgress } from '@/components/ui/progress-bar';
import { OfflineIndicator } from '@/features/pwa/components/offline-indicator';
import { UpdatePrompt } from '@/features/pwa/components/update-prompt';
import { useScrollBehavior } from './scroll-behavior';
import { useDocumentTitle } from './use-document-title';

/** The root route: what every page has, whatever its layout. */
export function Root() {
  useDocumentTitle();
  useScrollBehavior();

  return (
    <>
      <NavigationProgress />
      <OfflineIndicator />
      <Outlet />
      <UpdatePrompt />
    </>
  );
}
