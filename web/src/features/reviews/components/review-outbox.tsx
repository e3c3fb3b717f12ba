import type { DraftDoc } from '@wayfarer/api/schemas/userdb-docs';
import { useEffect, useRef, useState } from 'react';
import { useOnlineStatus } from '@/components/ui/use-online-status';
import { deviceId } from '@/lib/local-db-drafts';
import { upsertLocalDoc, useLocalDocs } from '@/lib/local-db';
import { notify } from '@/stores/notification';
import { saveReview } from '../api/reviews';
import {
  OUTBOX_PREFIX,
  outboxDoc,
  outcomeOf,
  pendingOf,
  type PendingReview,
  type SendOutcome,
} from '../utils/outbox';

/** How long a review the server could not take (no answer, 5xx) waits before another try. */
const RETRY_MS = 30_000;

/** Sends one pending review: sent (removed), refused (kept with the reason) or to retry. */
async function send(doc: DraftDoc, pending: PendingReview): Promise<SendOutcome['kind']> {
  try {
    await saveReview(pending.order_id, pending.input, pending.mode);
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome.kind !== 'refused') return outcome.kind;
    // Kept with the reason, unless it was changed meanwhile (a newer version is sent next).
    await upsertLocalDoc<DraftDoc>(doc._id, (existing) =>
      existing && existing._rev === doc._rev
        ? outboxDoc({ ...pending, error: outcome.reason }, deviceId())
        : undefined,
    );
    return 'refused';
  }
  await upsertLocalDoc<DraftDoc>(doc._id, (existing) =>
    existing && existing._rev === doc._rev ? null : undefined,
  );
  return 'sent';
}

/**
 * Reviews written offline leave from here: while a member is signed in, every pending review
 * (`draft:review-outbox:*`, on this device or synced from another) is sent when the app starts,
 * when one is added, and when the device comes back online. Renders nothing.
 */
export default function ReviewOutbox() {
  const docs = useLocalDocs<DraftDoc>(OUTBOX_PREFIX);
  const isOnline = useOnlineStatus();
  const busy = useRef(false);
  /** Versions already tried in this round (each is tried once until the next round). */
  const tried = useRef(new Set<string>());
  const [round, setRound] = useState(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  useEffect(() => {
    if (!docs || !isOnline || busy.current) return;
    const waiting = docs.flatMap((doc) => {
      const pending = pendingOf(doc);
      const key = `${doc._id}@${doc._rev}`;
      return pending && pending.error === null && !tried.current.has(key)
        ? [{ doc, pending, key }]
        : [];
    });
    if (waiting.length === 0) return;
    busy.current = true;
    void (async () => {
      let sent = 0;
      let retry = false;
      for (const { doc, pending, key } of waiting) {
        tried.current.add(key);
        const outcome = await send(doc, pending).catch(() => 'retry' as const);
        if (outcome === 'sent') sent += 1;
        if (outcome === 'retry') retry = true;
      }
      busy.current = false;
      if (sent > 0) notify(sent === 1 ? 'Your review was sent.' : `${sent} reviews were sent.`);
      if (retry) {
        retryTimer.current = setTimeout(() => {
          tried.current.clear();
          setRound((n) => n + 1);
        }, RETRY_MS);
      } else {
        // What arrived while this round ran is looked at now.
        setRound((n) => n + 1);
      }
    })();
  }, [docs, isOnline, round]);

  // Back online: what could not be sent before is tried again.
  useEffect(() => {
    if (isOnline) return;
    tried.current.clear();
  }, [isOnline]);

  return null;
}
