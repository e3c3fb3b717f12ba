import { describe, expect, it } from 'vitest';
import { filterArrayMember, filterLines } from './json-stream';

async function run(
  stream: TransformStream<Uint8Array, Uint8Array>,
  chunks: string[],
): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(stream)).text();
}

const notDesign = (e: Record<string, unknown>) => !String(e.id).startsWith('_design/');

describe('filterArrayMember', () => {
  const feed = {
    results: [
      { seq: 1, id: '_design/app', changes: [{ rev: '1-a' }] },
      {
        seq: 2,
        id: 'draft:gig:new',
        changes: [{ rev: '1-b' }],
        doc: { text: 'has } and ] and "quotes" and \\"id\\":\\"_design/x' },
      },
      { seq: 3, id: 'wishlist:1', changes: [{ rev: '1-c' }] },
    ],
    last_seq: 3,
    pending: 0,
  };

  it('drops matching entries and keeps valid JSON, in one chunk or split anywhere', async () => {
    const text = JSON.stringify(feed);
    const expected = { ...feed, results: feed.results.slice(1) };
    expect(JSON.parse(await run(filterArrayMember('results', notDesign), [text]))).toEqual(
      expected,
    );
    for (const size of [1, 2, 7, 13]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(
        JSON.parse(await run(filterArrayMember('results', notDesign), chunks)),
        `chunks of ${size}`,
      ).toEqual(expected);
    }
  });

  it('handles CouchDB layout (one result per line) and an empty feed', async () => {
    const couchLayout =
      '{"results":[\n' +
      feed.results.map((r) => JSON.stringify(r)).join(',\n') +
      '\n],\n"last_seq":3,"pending":0}\n';
    expect(
      JSON.parse(await run(filterArrayMember('results', notDesign), [couchLayout])).results,
    ).toHaveLength(2);
    expect(
      JSON.parse(
        await run(filterArrayMember('results', notDesign), ['{"results":[],"last_seq":0}']),
      ),
    ).toEqual({
      results: [],
      last_seq: 0,
    });
    expect(
      JSON.parse(
        await run(
          filterArrayMember('results', () => false),
          [JSON.stringify(feed)],
        ),
      ).results,
    ).toEqual([]);
  });

  it('passes an error body (no results member) through unchanged', async () => {
    expect(
      await run(filterArrayMember('results', notDesign), [
        '{"error":"unauthorized","reason":"no"}',
      ]),
    ).toBe('{"error":"unauthorized","reason":"no"}');
  });
});

describe('filterLines', () => {
  it('drops matching lines and keeps heartbeats', async () => {
    const lines = [
      '{"seq":1,"id":"_design/app"}',
      '',
      '{"seq":2,"id":"a"}',
      '{"last_seq":2}',
      '',
    ].join('\n');
    const out = await run(filterLines(notDesign), [lines.slice(0, 10), lines.slice(10)]);
    expect(out).toBe('\n{"seq":2,"id":"a"}\n{"last_seq":2}\n');
  });
});
