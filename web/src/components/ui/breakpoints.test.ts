import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, mediaUp } from './breakpoints';

describe('breakpoints', () => {
  it('are the spec values', () => {
    expect(BREAKPOINTS).toEqual({ xs: 360, sm: 410, md: 768, lg: 992, xl: 1280, xxl: 1366 });
    expect(mediaUp('xl')).toBe('(min-width: 1280px)');
  });
});
