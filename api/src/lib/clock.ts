/**
 * The one source of "now" for everything time decides (payment expiry, auto-completion,
 * clearance, timelines). Production reads the system clock; tests hold a `ManualClock` and
 * move it instead of sleeping. With TEST_CLOCK=true (refused in production) the API's clock is
 * a manual one that starts at the system time, moved by `POST /api/dev/clock` (e2e, process
 * tests).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private offsetMs = 0;
  private fixed: number | null;

  /** Frozen at `start` when given; otherwise the system time plus the moves so far. */
  constructor(start?: Date) {
    this.fixed = start ? start.getTime() : null;
  }

  now(): Date {
    return new Date((this.fixed ?? Date.now()) + this.offsetMs);
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}
