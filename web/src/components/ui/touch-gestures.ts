// Touch gestures with the spec's tolerances (section 9): a tap moves at most 10 px, a swipe at
// least 30 px, a hold fires after 400 ms pressed in place, and a press released after 400 ms in
// place is a long tap rather than a tap.
import { useEffect, useRef, type RefObject } from 'react';

export const TOUCH = {
  tapTolerancePx: 10,
  swipeTolerancePx: 30,
  holdMs: 400,
  longTapMs: 400,
} as const;

type SwipeDirection = 'left' | 'right' | 'up' | 'down';
export type Gesture =
  { type: 'tap' } | { type: 'longtap' } | { type: 'swipe'; direction: SwipeDirection } | null;

export interface Point {
  x: number;
  y: number;
}

/** Whether a finger that moved from `start` to `at` still counts as in place. */
export function isInPlace(start: Point, at: Point): boolean {
  return (
    Math.abs(at.x - start.x) <= TOUCH.tapTolerancePx &&
    Math.abs(at.y - start.y) <= TOUCH.tapTolerancePx
  );
}

/** What a completed touch was: from `start` to `end`, lasting `durationMs`. */
export function classifyGesture(start: Point, end: Point, durationMs: number): Gesture {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (isInPlace(start, end))
    return durationMs >= TOUCH.longTapMs ? { type: 'longtap' } : { type: 'tap' };
  if (Math.max(Math.abs(dx), Math.abs(dy)) < TOUCH.swipeTolerancePx) return null;
  if (Math.abs(dx) >= Math.abs(dy)) return { type: 'swipe', direction: dx < 0 ? 'left' : 'right' };
  return { type: 'swipe', direction: dy < 0 ? 'up' : 'down' };
}

export interface TouchHandlers {
  onTap?: () => void;
  onLongTap?: () => void;
  /** Fires while the finger is still down, 400 ms after it landed, if it has not moved. */
  onHold?: () => void;
  onSwipe?: (direction: SwipeDirection) => void;
}

/** Listens for the gestures on `ref`'s element (passive listeners: scrolling stays smooth). */
export function useTouchGestures(ref: RefObject<HTMLElement | null>, handlers: TouchHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let start: (Point & { time: number }) | null = null;
    let last: Point | null = null;
    let holdTimer: ReturnType<typeof setTimeout> | undefined;

    const pointOf = (event: TouchEvent): Point | null => {
      const touch = event.changedTouches[0];
      return touch ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onStart = (event: TouchEvent) => {
      if (event.touches.length > 1) {
        start = null;
        return;
      }
      const point = pointOf(event);
      if (!point) return;
      start = { ...point, time: performance.now() };
      last = point;
      clearTimeout(holdTimer);
      holdTimer = setTimeout(() => {
        if (start && last && isInPlace(start, last)) latest.current.onHold?.();
      }, TOUCH.holdMs);
    };
    const onMove = (event: TouchEvent) => {
      last = pointOf(event) ?? last;
    };
    const onEnd = (event: TouchEvent) => {
      clearTimeout(holdTimer);
      const end = pointOf(event);
      if (!start || !end) return;
      const gesture = classifyGesture(start, end, performance.now() - start.time);
      start = null;
      if (gesture?.type === 'tap') latest.current.onTap?.();
      else if (gesture?.type === 'longtap') latest.current.onLongTap?.();
      else if (gesture?.type === 'swipe') latest.current.onSwipe?.(gesture.direction);
    };
    const onCancel = () => {
      clearTimeout(holdTimer);
      start = null;
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: true });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onCancel);
    return () => {
      clearTimeout(holdTimer);
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onCancel);
    };
  }, [ref]);
}
