import { describe, expect, it } from 'vitest';
import { SCROLL, planScroll, type ScrollContext } from './scroll-behavior';

const base: ScrollContext = {
  isFirstRender: false,
  navigationType: 'PUSH',
  hash: '',
  savedY: undefined,
  optsOut: false,
  isSamePath: false,
};

describe('planScroll', () => {
  it('uses the spec constants', () => {
    expect(SCROLL).toEqual({ delayMs: 300, animationMs: 60, offset: -60 });
  });

  it('scrolls to the top 300 ms after a navigation', () => {
    expect(planScroll(base)).toEqual({ kind: 'top', delayMs: 300 });
    expect(planScroll({ ...base, navigationType: 'POP' })).toEqual({ kind: 'top', delayMs: 300 });
  });

  it('restores a saved position on back and forward (and on reload)', () => {
    expect(planScroll({ ...base, navigationType: 'POP', savedY: 840 })).toEqual({
      kind: 'restore',
      y: 840,
    });
    expect(
      planScroll({ ...base, navigationType: 'POP', savedY: 120, isFirstRender: true }),
    ).toEqual({ kind: 'restore', y: 120 });
    expect(planScroll({ ...base, savedY: 840 })).toEqual({ kind: 'top', delayMs: 300 });
  });

  it('goes to a hash anchor', () => {
    expect(planScroll({ ...base, hash: '#how-escrow-works' })).toEqual({
      kind: 'anchor',
      id: 'how-escrow-works',
    });
    expect(planScroll({ ...base, hash: '#caf%C3%A9', isFirstRender: true })).toEqual({
      kind: 'anchor',
      id: 'café',
    });
    expect(planScroll({ ...base, hash: '#' })).toEqual({ kind: 'top', delayMs: 300 });
  });

  it('stays when the page opts out, on first load, and when a filter replaced the query', () => {
    expect(planScroll({ ...base, optsOut: true })).toEqual({ kind: 'stay' });
    expect(planScroll({ ...base, isFirstRender: true })).toEqual({ kind: 'stay' });
    expect(planScroll({ ...base, isSamePath: true, navigationType: 'REPLACE' })).toEqual({
      kind: 'stay',
    });
    expect(planScroll({ ...base, isSamePath: true })).toEqual({ kind: 'top', delayMs: 300 });
  });
});
