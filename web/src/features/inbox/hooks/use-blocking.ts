import { useCallback, useEffect, useState } from 'react';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { notify, notifyError } from '@/stores/notification';
import { blockMember, getBlocked, unblockMember } from '../api/blocking';

export interface Blocking {
  /** null: not known (offline, or still asking). */
  isBlocked: boolean | null;
  isBusy: boolean;
  block: () => Promise<void>;
  unblock: () => Promise<void>;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;

/** Whether the signed-in user blocked `tagname`, and the online actions to change it. */
export function useBlocking(tagname: string | null): Blocking {
  const [known, setKnown] = useState<{ tagname: string; isBlocked: boolean } | null>(null);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    if (!tagname) return;
    const controller = new AbortController();
    getBlocked({ signal: controller.signal }).then(
      (people) =>
        setKnown({ tagname, isBlocked: people.some((person) => person.tagname === tagname) }),
      () => undefined, // unknown while offline; the buttons still try
    );
    return () => controller.abort();
  }, [tagname]);

  const change = useCallback(
    async (shouldBlock: boolean) => {
      if (!tagname || isBusy) return;
      setBusy(true);
      try {
        await (shouldBlock ? blockMember(tagname) : unblockMember(tagname));
        setKnown({ tagname, isBlocked: shouldBlock });
        notify(
          shouldBlock
            ? `You blocked @${tagname}. Their messages will be refused.`
            : `You unblocked @${tagname}.`,
        );
      } catch (error) {
        notifyError(messageOf(error));
      } finally {
        setBusy(false);
      }
    },
    [tagname, isBusy],
  );

  return {
    isBlocked: known?.tagname === tagname ? known.isBlocked : null,
    isBusy,
    block: () => change(true),
    unblock: () => change(false),
  };
}
