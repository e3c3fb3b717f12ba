import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { NavigationProgress } from '@/components/ui/progress-bar';
import { clearChunkReloadFlag } from '@/lib/chunk-reload';
import { useDocumentTitle } from './use-document-title';

/** The root route: what every page has, whatever its layout. */
export function Root() {
  useDocumentTitle();
  // This route rendered, so its chunks loaded: a later deploy may trigger a reload again.
  useEffect(() => clearChunkReloadFlag(), []);

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
