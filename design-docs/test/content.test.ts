import { describe, expect, it } from 'vitest';
import { runMap } from '../src/testing';
import { source } from './helpers';

describe('content/blog/views/published/map.js', () => {
  const map = source('content/blog/views/published/map.js');

  it('emits published posts by publication date', () => {
    expect(
      runMap(map, {
        type: 'blog_post',
        status: 'published',
        published_at: '2026-11-01T09:00:00.000Z',
        slug: 'x',
      }),
    ).toEqual([['2026-11-01T09:00:00.000Z', null]]);
  });

  it('leaves out drafts and other documents', () => {
    expect(runMap(map, { type: 'blog_post', status: 'draft', published_at: null })).toEqual([]);
    expect(
      runMap(map, { type: 'contact_message', status: 'published', published_at: '2026-01-01' }),
    ).toEqual([]);
  });

  it('counts with the built-in _count', () => {
    expect(source('content/blog/views/published/reduce.js')).toBe('_count');
  });
});
