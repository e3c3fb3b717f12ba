import { startTransition, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { takeServed } from '@/lib/page-data';
import { searchGigs, type GigList } from '../api/gigs';
import { searchFromFilters, toApiQuery, type GigFilters } from '../utils/filters';

export type GigSearchState =
  | { status: 'loading'; previous: GigList | null }
  | { status: 'ready'; list: GigList }
  | { status: 'error'; message: string; isOffline: boolean };

type Stored =
  | { key: string; status: 'ready'; list: GigList; served?: boolean }
  | { key: string; status: 'error'; message: string; isOffline: boolean };

/**
 * The gigs matching `filters`, fetched again whenever they change (an older answer arriving late
 * is ignored). While a new search loads, the last results stay available as `previous`. The
 * first search of a page opened from outside may come with the shell (lib/page-data.ts): it is
 * ready at the first render, and not asked again.
 */
export function useGigSearch(filters: GigFilters, perPage?: number, attempt = 0): GigSearchState {
  const key = `${searchFromFilters(filters)}|${perPage ?? ''}|${attempt}`;
  const [stored, setStored] = useState<Stored | null>(() => {
    const list = takeServed<GigList>('/gigs', toApiQuery(filters, perPage));
    return list ? { key, status: 'ready', list, served: true } : null;
  });
  const [previous, setPrevious] = useState<GigList | null>(() =>
    stored?.status === 'ready' ? stored.list : null,
  );

  useEffect(() => {
    if (stored?.status === 'ready' && stored.served && stored.key === key) return;
    const controller = new AbortController();
    searchGigs(filters, perPage, { signal: controller.signal }).then(
      // In a transition, as lib/use-resource.ts: a page of cards renders in slices, no long task.
      (list) => {
        if (controller.signal.aborted) return;
        startTransition(() => {
          setStored({ key, status: 'ready', list });
          setPrevious(list);
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        startTransition(() =>
          setStored({
            key,
            status: 'error',
            isOffline: error instanceof ApiError && error.isNetworkError,
            message: error instanceof Error ? error.message : 'The search failed.',
          }),
        );
      },
    );
    return () => controller.abort();
    // `key` stands for `filters` and `perPage`: a new object with the same values is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // An answer for other filters (the render before the new request starts) is not this one's.
  if (!stored || stored.key !== key) return { status: 'loading', previous };
  if (stored.status === 'ready') return { status: 'ready', list: stored.list };
  return { status: 'error', message: stored.message, isOffline: stored.isOffline };
}
