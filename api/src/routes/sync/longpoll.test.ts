import { describe, expect, it } from 'vitest';
import { boundedLongPoll, emptyChanges, longPollBoundMs, LONGPOLL_GRACE_MS } from './longpoll';

/** A server answer that sends `chunks` and then waits (a long poll at the head of its feed). */
function hangingAfter(chunks: string[]) {
  const encoder = new TextEncoder();
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function readAvailable(reader: ReadableStreamDefaultReader<Uint8Array>, count: number) {
  let text = '';
  for (let i = 0; i < count; i++) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  return text;
}

describe('boundedLongPoll', () => {
  it('ends a poll that has sent only the head (and heartbeats) with no results and the since', async () => {
    for (const chunks of [[], ['{"res'], ['{"results":['], ['{"results":[', '\n', '\n']]) {
      const upstream = hangingAfter(chunks);
      const bounded = boundedLongPoll(upstream.stream, '42');
      const reader = bounded.stream.getReader();
      const before = await readAvailable(reader, chunks.length);
      bounded.timeUp();
      let rest = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        rest += new TextDecoder().decode(value);
      }
      expect(JSON.parse(before + rest), chunks.join('|')).toEqual({
        results: [],
        last_seq: 42,
        pending: 0,
      });
      expect(upstream.cancelled()).toBe(true);
    }
  });

  it('keeps CouchDB’s opaque sequence a string, and 0 when none was given', () => {
    expect(JSON.parse(emptyChanges('12-g1AAAA_x'))).toMatchObject({ last_seq: '12-g1AAAA_x' });
    expect(JSON.parse(emptyChanges(undefined))).toMatchObject({ last_seq: 0, results: [] });
  });

  it('lets a change that has begun through whole, whenever the time is up', async () => {
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const upstream = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        c.enqueue(encoder.encode('{"results":[\n{"seq":7,"id":"notifi'));
      },
    });
    const bounded = boundedLongPoll(upstream, '6');
    const reader = bounded.stream.getReader();
    let text = await readAvailable(reader, 1);
    bounded.timeUp();
    controller.enqueue(encoder.encode('cation:a","changes":[{"rev":"1-a"}]}\n],\n"last_seq":7}\n'));
    controller.close();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(JSON.parse(text)).toEqual({
      results: [{ seq: 7, id: 'notification:a', changes: [{ rev: '1-a' }] }],
      last_seq: 7,
    });
  });

  it('bounds a poll by its timeout, or the default, plus the grace', () => {
    expect(longPollBoundMs('1000')).toBe(1000 + LONGPOLL_GRACE_MS);
    expect(longPollBoundMs(undefined)).toBe(60_000 + LONGPOLL_GRACE_MS);
  });
});
