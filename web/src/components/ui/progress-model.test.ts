import { describe, expect, it } from 'vitest';
import { PROGRESS, PROGRESS_CEILING, startProgress, trickleProgress } from './progress-model';

describe('progress model', () => {
  it('uses the spec constants', () => {
    expect(PROGRESS).toEqual({
      minimum: 0.08,
      speedMs: 200,
      trickleRate: 0.02,
      trickleSpeedMs: 800,
    });
  });

  it('starts at the minimum and trickles by at most the trickle rate', () => {
    expect(startProgress()).toBe(0.08);
    expect(trickleProgress(0.08, () => 0)).toBe(0.08);
    expect(trickleProgress(0.08, () => 0.5)).toBeCloseTo(0.09);
    expect(trickleProgress(0.08, () => 0.999)).toBeLessThan(0.1);
  });

  it('never completes on its own', () => {
    let value = startProgress();
    for (let i = 0; i < 10_000; i += 1) value = trickleProgress(value, () => 0.999);
    expect(value).toBe(PROGRESS_CEILING);
    expect(trickleProgress(1, () => 0.5)).toBe(1);
  });
});
