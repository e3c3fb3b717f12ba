import { describe, expect, it } from 'vitest';
import { TOUCH, classifyGesture, isInPlace } from './touch-gestures';

const at = (x: number, y: number) => ({ x, y });

describe('touch gestures', () => {
  it('uses the spec tolerances', () => {
    expect(TOUCH).toEqual({
      tapTolerancePx: 10,
      swipeTolerancePx: 30,
      holdMs: 400,
      longTapMs: 400,
    });
  });

  it('tells a tap from a long tap by the time held in place', () => {
    expect(classifyGesture(at(0, 0), at(10, -10), 120)).toEqual({ type: 'tap' });
    expect(classifyGesture(at(0, 0), at(3, 3), 399)).toEqual({ type: 'tap' });
    expect(classifyGesture(at(0, 0), at(3, 3), 400)).toEqual({ type: 'longtap' });
    expect(isInPlace(at(0, 0), at(11, 0))).toBe(false);
  });

  it('needs 30 px for a swipe and takes the dominant axis', () => {
    expect(classifyGesture(at(0, 0), at(29, 0), 100)).toBeNull();
    expect(classifyGesture(at(0, 0), at(-30, 5), 100)).toEqual({
      type: 'swipe',
      direction: 'left',
    });
    expect(classifyGesture(at(0, 0), at(40, 20), 100)).toEqual({
      type: 'swipe',
      direction: 'right',
    });
    expect(classifyGesture(at(0, 0), at(5, -60), 100)).toEqual({ type: 'swipe', direction: 'up' });
    expect(classifyGesture(at(0, 0), at(0, 31), 900)).toEqual({ type: 'swipe', direction: 'down' });
  });
});
