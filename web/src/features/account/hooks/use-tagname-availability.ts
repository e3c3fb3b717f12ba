import { useEffect, useState } from 'react';
import { normaliseTagname } from '@/lib/account-rules';
import { checkTagname } from '../api/tagname';
import { TAKEN_FALLBACK, localTagnameCheck, type TagnameCheck } from '../utils/tagname-check';

/** Spec section 9: the search input waits 300 ms after the last keystroke; so does this check. */
export const TAGNAME_CHECK_DELAY_MS = 300;

interface Answer {
  tagname: string;
  check: TagnameCheck;
}

/** Live availability of `value` as a tagname, asked 300 ms after typing stops. */
export function useTagnameAvailability(
  value: string,
  current: string | null,
  delayMs: number = TAGNAME_CHECK_DELAY_MS,
): TagnameCheck {
  const tagname = normaliseTagname(value);
  const local = localTagnameCheck(value, current);
  const needsServer = local === null;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!needsServer) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkTagname(tagname, { signal: controller.signal }).then(
        (result) =>
          setAnswer({
            tagname,
            check: result.available
              ? { state: 'available', tagname: result.tagname || tagname }
              : { state: 'taken', reason: result.reason || TAKEN_FALLBACK },
          }),
        () => {
          if (!controller.signal.aborted) setAnswer({ tagname, check: { state: 'unknown' } });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [tagname, needsServer, delayMs]);

  if (local !== null) return local;
  return answer?.tagname === tagname ? answer.check : { state: 'checking' };
}
