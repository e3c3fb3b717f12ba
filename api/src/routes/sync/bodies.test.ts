import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { checkBody, checkJsonDepth, MAX_JSON_DEPTH } from './bodies';
import type { GatewayRoute } from './query';

const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.status : 'not an AppError';
  }
  return 'accepted';
};
const none = new Map<string, string>();

describe('checkJsonDepth', () => {
  it('counts nesting outside strings only, without recursion', () => {
    const at = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(status(() => checkJsonDepth(at(MAX_JSON_DEPTH)))).toBe('accepted');
    expect(status(() => checkJsonDepth(at(MAX_JSON_DEPTH + 1)))).toBe(400);
    expect(status(() => checkJsonDepth(at(1_000_000)))).toBe(400);
    expect(status(() => checkJsonDepth(JSON.stringify({ a: '['.repeat(1000) + '\\"[[[' })))).toBe(
      'accepted',
    );
  });
});

describe('checkBody', () => {
  const doc: GatewayRoute = { kind: 'doc', id: 'draft:gig:a' };

  it('sends the body re-serialised, so duplicate keys cannot be read two ways', () => {
    const checked = checkBody(
      { kind: 'endpoint', name: '_bulk_docs' },
      'POST',
      none,
      '{"docs":[{"_id":"_design/x","_id":"draft:gig:a","type":"draft"}]}',
    );
    expect(checked.text).toBe('{"docs":[{"_id":"draft:gig:a","type":"draft"}]}');
  });

  it('refuses a body _id that is not the path id', () => {
    expect(status(() => checkBody(doc, 'PUT', none, '{"_id":"draft:gig:b"}'))).toBe(400);
    expect(status(() => checkBody(doc, 'PUT', none, '{"_id":5}'))).toBe(400);
    expect(checkBody(doc, 'PUT', none, '{"_id":"draft:gig:a","a":1}').written).toEqual([
      { _id: 'draft:gig:a', a: 1 },
    ]);
  });

  it('takes attachments as stubs or base64 data only', () => {
    const put = (attachments: unknown) =>
      status(() => checkBody(doc, 'PUT', none, JSON.stringify({ _attachments: attachments })));
    expect(put({ 'a.png': { content_type: 'image/png', data: 'aGk=' } })).toBe('accepted');
    expect(put({ 'a.png': { stub: true, digest: 'md5-x', length: 2, revpos: 1 } })).toBe(
      'accepted',
    );
    expect(put({ 'a.png': { content_type: 'image/png', data: {} } })).toBe(400);
    expect(put({ 'a.png': { follows: true, length: 2 } })).toBe(400);
    expect(put({ 'a.png': { data: 'not base64!' } })).toBe(400);
    expect(put({ _x: { data: 'aGk=' } })).toBe(400);
    expect(put([])).toBe(400);
  });

  it('ties the _doc_ids filter to its body, and refuses design documents with 403', () => {
    const changes: GatewayRoute = { kind: 'endpoint', name: '_changes' };
    const filtered = new Map([['filter', '_doc_ids']]);
    expect(status(() => checkBody(changes, 'POST', filtered, '{"doc_ids":["a"]}'))).toBe(
      'accepted',
    );
    expect(status(() => checkBody(changes, 'POST', none, '{"doc_ids":["a"]}'))).toBe(400);
    expect(status(() => checkBody(changes, 'POST', filtered, '{}'))).toBe(400);
    expect(status(() => checkBody(changes, 'GET', filtered, ''))).toBe(400);
    expect(status(() => checkBody(changes, 'POST', filtered, '{"doc_ids":["_design/app"]}'))).toBe(
      403,
    );
    expect(status(() => checkBody(changes, 'POST', none, '{"selector":{}}'))).toBe(400);
  });
});
