import { useEffect } from 'react';
import { prefetchGigs } from '../api/prefetch';

/** Makes `owner`'s saved gigs readable offline (see api/prefetch.ts) once they are known. */
export function usePrefetchGigs(ids: readonly string[] | null, owner: string): void {
  const key = ids ? [...ids].sort().join(',') : '';
  useEffect(() => {
    if (key) prefetchGigs(key.split(','), owner);
  }, [key, owner]);
}
