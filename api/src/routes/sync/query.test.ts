import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { checkQuery, revisionsForLatest, type GatewayRoute } from './query';

const changes: GatewayRoute = { kind: 'endpoint', name: '_changes' };
const doc: GatewayRoute = { kind: 'doc', id: 'draft:gig:a' };

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.status : 'not an AppError';
  }
  return 'accepted';
};

describe('checkQuery', () => {
  it('rebuilds the query from checked values only', () => {
    const { search, params } = checkQuery(
      changes,
      'GET',
      '?style=all_docs&since=12-g1AAAA_x-y&limit=0100&feed=longpoll&heartbeat=25000',
    );
    expect(search).toBe(
      '?style=all_docs&since=12-g1AAAA_x-y&limit=100&feed=longpoll&heartbeat=25000',
    );
    expect(params.get('feed')).toBe('longpoll');
    expect(checkQuery(changes, 'GET', '').search).toBe('');
  });

  it('refuses unknown, bracketed, repeated and empty names, and values outside their sets', () => {
    for (const search of [
      '?filter=_selector',
      '?filter[]=_doc_ids',
      '?filter%5B%5D=_doc_ids',
      '?view=app/x',
      '?feed=continuous&feed=continuous',
      '?=x',
      '?since=now',
      '?heartbeat=100',
      '?limit=1e3',
      '?include_docs=1',
      '?__proto__=x',
      '?constructor=x',
    ]) {
      expect(
        refusal(() => checkQuery(changes, 'GET', search)),
        search,
      ).toBe(400);
    }
  });

  it('takes JSON values only in their shape', () => {
    const allDocs: GatewayRoute = { kind: 'endpoint', name: '_all_docs' };
    expect(checkQuery(allDocs, 'GET', '?startkey=%22a%22').search).toBe('?startkey=%22a%22');
    expect(refusal(() => checkQuery(allDocs, 'GET', '?startkey=%5B%5D'))).toBe(400);
    expect(checkQuery(doc, 'GET', '?open_revs=all&latest=true').params.get('open_revs')).toBe(
      'all',
    );
    expect(refusal(() => checkQuery(doc, 'GET', '?open_revs=%5B1%5D'))).toBe(400);
    expect(refusal(() => checkQuery(doc, 'PUT', '?new_edits=false'))).toBe(400);
    expect(refusal(() => checkQuery({ kind: 'db' }, 'GET', '?x=1'))).toBe(400);
  });

  it('lists the revisions a latest=true request names', () => {
    const get = checkQuery(
      doc,
      'GET',
      `?latest=true&rev=1-a&open_revs=${encodeURIComponent('["2-b"]')}`,
    );
    expect(revisionsForLatest(doc, get.params, null)).toEqual({ 'draft:gig:a': ['1-a', '2-b'] });
    const bulk: GatewayRoute = { kind: 'endpoint', name: '_bulk_get' };
    const params = checkQuery(bulk, 'POST', '?revs=true&latest=true').params;
    expect(
      revisionsForLatest(
        bulk,
        params,
        JSON.stringify({ docs: [{ id: 'x', rev: '1-a' }, { id: 'y' }] }),
      ),
    ).toEqual({ x: ['1-a'] });
    expect(revisionsForLatest(doc, checkQuery(doc, 'GET', '?rev=1-a').params, null)).toEqual({});
  });
});
