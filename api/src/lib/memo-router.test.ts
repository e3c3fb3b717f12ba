import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { MemoRouter } from './memo-router';

function routers() {
  const plain = new TrieRouter<string>();
  const memo = new MemoRouter(new TrieRouter<string>(), 3);
  for (const router of [plain, memo]) {
    router.add('ALL', '/api/*', 'middleware');
    router.add('GET', '/api/gigs/:id', 'gig');
    router.add('GET', '/api/gigs/mine', 'mine');
    router.add('POST', '/api/gigs', 'create');
  }
  return { plain, memo };
}

describe('MemoRouter', () => {
  it('answers as the router it wraps, the second time from memory', () => {
    const { plain, memo } = routers();
    const asked: [string, string][] = [
      ['GET', '/api/gigs/g1'],
      ['GET', '/api/gigs/mine'],
      ['POST', '/api/gigs'],
      ['GET', '/api/gigs'],
      ['GET', '/api/gigs/g1'],
      ['GET', '/api/gigs/g2'],
    ];
    for (const [method, path] of asked) {
      const answer = memo.match(method, path);
      expect(answer, `${method} ${path}`).toEqual(plain.match(method, path));
      expect(memo.match(method, path)).toBe(answer);
    }
  });

  it('keeps only the most recent paths, and none too long', () => {
    const { memo } = routers();
    for (let i = 0; i < 10; i++) memo.match('GET', `/api/gigs/g${i}`);
    expect(memo.size).toBe(3);
    memo.match('GET', `/api/gigs/${'x'.repeat(300)}`);
    expect(memo.size).toBe(3);
  });

  it('serves a Hono app: parameters per path, the handlers in order', async () => {
    const app = new Hono({ router: new MemoRouter(new TrieRouter()) });
    const seen: string[] = [];
    app.use('/api/*', async (_c, next) => {
      seen.push('middleware');
      await next();
    });
    app.get('/api/gigs/:id', (c) => c.text(`gig ${c.req.param('id')}`));
    for (const id of ['a', 'b', 'a']) {
      expect(await (await app.request(`/api/gigs/${id}`)).text()).toBe(`gig ${id}`);
    }
    expect(seen).toHaveLength(3);
    expect((await app.request('/api/other')).status).toBe(404);
  });
});
