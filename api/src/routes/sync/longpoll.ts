/**
 * A long poll (`_changes?feed=longpoll`) through the gateway ends within its `timeout`. CouchDB
 * 3.4 ends it itself (with `heartbeat` it waits for a change however long); the embedded server
 * writes `{"results":[` at once and then nothing until the next change, ignoring `timeout`.
 * So the gateway bounds the request: when the time is up and the server has sent no change, it
 * ends the answer as CouchDB would, with no results and the `since` the client asked from as
 * `last_seq`. No change is lost: the client's next poll starts where this one did. A change the
 * server has begun to send is always let through whole.
 */

/** The timeout of a long poll that names none: CouchDB's default (`changes_timeout`). */
const DEFAULT_LONGPOLL_TIMEOUT_MS = 60_000;

/**
 * Time a server that honours the timeout (CouchDB) is given to answer by itself before the
 * gateway ends the poll: its own answer carries the current sequence.
 */
export const LONGPOLL_GRACE_MS = 1000;

const HEAD = '{"results":[';

/** `last_seq` as the server writes it: a number (the embedded server) or CouchDB's string. */
function seqJson(since: string | undefined): string {
  if (since === undefined) return '0';
  return /^\d+$/.test(since) ? since : JSON.stringify(since);
}

/** The whole answer of a long poll that saw no change since `since`. */
export function emptyChanges(since: string | undefined): string {
  return `${HEAD}\n],\n"last_seq":${seqJson(since)},"pending":0}\n`;
}

/** How long the gateway lets a long poll run: its timeout (or the default) and the grace. */
export function longPollBoundMs(timeout: string | undefined): number {
  const asked = timeout === undefined ? DEFAULT_LONGPOLL_TIMEOUT_MS : Number(timeout);
  return Math.min(asked, DEFAULT_LONGPOLL_TIMEOUT_MS * 10) + LONGPOLL_GRACE_MS;
}

/**
 * The server's long-poll answer, passed through as it comes, and `timeUp()` to end it: if all
 * the server has sent so far is (part of) `{"results":[` (and whitespace: heartbeats), the
 * answer is completed with no results and `since` as `last_seq`, and the server's request is
 * cancelled; otherwise (a change is on its way, or the answer is complete) it does nothing.
 */
export function boundedLongPoll(
  upstream: ReadableStream<Uint8Array>,
  since: string | undefined,
): { stream: ReadableStream<Uint8Array>; timeUp: () => void } {
  const reader = upstream.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let seen = '';
  let committed = false;
  let ended = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    async pull(c) {
      try {
        const { value, done } = await reader.read();
        if (ended) return;
        if (done) {
          ended = true;
          c.close();
          return;
        }
        if (!committed) {
          seen += decoder.decode(value, { stream: true }).replace(/\s+/g, '');
          if (!HEAD.startsWith(seen)) committed = true;
        }
        c.enqueue(value);
      } catch (error) {
        if (ended) return;
        ended = true;
        c.error(error);
      }
    },
    async cancel(reason) {
      ended = true;
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  const timeUp = () => {
    if (committed || ended) return;
    ended = true;
    controller.enqueue(
      encoder.encode(`${HEAD.slice(seen.length)}\n],\n"last_seq":${seqJson(since)},"pending":0}\n`),
    );
    controller.close();
    reader.cancel().catch(() => undefined);
  };
  return { stream, timeUp };
}
