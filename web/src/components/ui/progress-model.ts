// The navigation progress bar's arithmetic (spec section 9), NProgress's model: a bar that starts
// at the minimum, creeps forward by a random step of at most the trickle rate every trickle
// interval, never reaches the end on its own, and jumps to the end when loading is done.

export const PROGRESS = {
  /** Where the bar starts, as a fraction of the width. */
  minimum: 0.08,
  /** Duration of each move and of the final fade, ms. */
  speedMs: 200,
  /** Largest random step per trickle. */
  trickleRate: 0.02,
  /** Interval between trickles, ms. */
  trickleSpeedMs: 800,
} as const;

/** The bar never passes this while loading: only `done` completes it. */
export const PROGRESS_CEILING = 0.994;

function clampProgress(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The first value of a load. */
export function startProgress(): number {
  return PROGRESS.minimum;
}

/** One trickle: `current` plus a random step in [0, trickleRate), below the ceiling. */
export function trickleProgress(current: number, random: () => number = Math.random): number {
  if (current >= 1) return current;
  const next = current + random() * PROGRESS.trickleRate;
  return clampProgress(next, PROGRESS.minimum, PROGRESS_CEILING);
}
