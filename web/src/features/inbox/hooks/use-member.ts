import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import type { PublicUser } from '@/types/api';
import { getMember } from '../api/get-member';

export type MemberLookup =
  | { state: 'idle' | 'loading' }
  | { state: 'ready'; member: PublicUser }
  | { state: 'missing' }
  /** No answer (offline): the conversation still works by tagname. */
  | { state: 'unreachable' }
  | { state: 'error'; message: string };

/** GET /api/user/{tagname}, when `tagname` is given. */
export function useMember(tagname: string | null): MemberLookup {
  const [result, setResult] = useState<{ tagname: string; lookup: MemberLookup } | null>(null);
  useEffect(() => {
    if (!tagname) return;
    const controller = new AbortController();
    getMember(tagname, { signal: controller.signal }).then(
      (member) => setResult({ tagname, lookup: { state: 'ready', member } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const lookup: MemberLookup =
          error instanceof ApiError && error.status === 404
            ? { state: 'missing' }
            : error instanceof ApiError && !error.isNetworkError && error.status < 500
              ? { state: 'error', message: error.message }
              : { state: 'unreachable' };
        setResult({ tagname, lookup });
      },
    );
    return () => controller.abort();
  }, [tagname]);
  if (!tagname) return { state: 'idle' };
  return result?.tagname === tagname ? result.lookup : { state: 'loading' };
}
