import { useEffect } from 'react';
import { prefetchGigs } from '../api/prefetch';

/** Makes the given gigs readable offline (see api/prefetch.ts) once they are known. */
export function usePrefetchGigs(ids: readonly string[] | null): void {
  const key = ids ? [...ids].sort().join(',') : '';
  useEffect(() => {
    if (key) prefetchGigs(key.split(','));
  }, [key]);
}
