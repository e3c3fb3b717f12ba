// Scaling for the dashboard's small SVG charts: counts only, so axes have whole-number ticks.

export interface Scale {
  /** The top of the axis: at least the largest value, rounded up to a whole step. */
  max: number;
  /** Tick values from 0 to `max`, evenly spaced. */
  ticks: number[];
}

/** A step of 1, 2 or 5 times a power of ten that splits `max` into at most `maxTicks` parts. */
function niceStep(max: number, maxTicks: number): number {
  const raw = max / maxTicks;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    const step = factor * power;
    if (step >= raw) return Math.max(1, step);
  }
  return Math.max(1, 10 * power);
}

/**
 * An axis for counts up to `value`: whole-number ticks of 1, 2 or 5 × 10ⁿ, at most `maxTicks`
 * intervals. An empty chart (all zeros) still gets an axis from 0 to 1.
 */
export function countScale(value: number, maxTicks = 4): Scale {
  const top = Number.isFinite(value) && value > 0 ? Math.ceil(value) : 1;
  const step = niceStep(top, Math.max(1, maxTicks));
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max; tick += step) ticks.push(tick);
  return { max, ticks };
}

interface Segment {
  key: string;
  value: number;
  /** Where the segment starts and ends, in counts from the baseline. */
  from: number;
  to: number;
}

export interface Stack {
  label: string;
  total: number;
  segments: Segment[];
}

/**
 * Stacks `counts` per row in the order of `keys` (a legend's order). Missing keys count as 0;
 * keys not in `keys` are left out. Zero segments are dropped so no bar has invisible slivers.
 */
export function stackRows(
  rows: readonly { label: string; counts: Readonly<Record<string, number>> }[],
  keys: readonly string[],
): Stack[] {
  return rows.map(({ label, counts }) => {
    let from = 0;
    const segments: Segment[] = [];
    for (const key of keys) {
      const value = Math.max(0, counts[key] ?? 0);
      if (value === 0) continue;
      segments.push({ key, value, from, to: from + value });
      from += value;
    }
    return { label, total: from, segments };
  });
}

/** The keys that occur in any row, in the preferred order first, then alphabetically. */
export function seriesKeys(
  rows: readonly { counts: Readonly<Record<string, number>> }[],
  preferred: readonly string[] = [],
): string[] {
  const seen = new Set<string>();
  for (const row of rows)
    for (const [key, value] of Object.entries(row.counts)) if (value > 0) seen.add(key);
  const ordered = preferred.filter((key) => seen.has(key));
  const rest = [...seen].filter((key) => !preferred.includes(key)).sort();
  return [...ordered, ...rest];
}

/** "2025-03-07" → "7 Mar" (UTC: the API's days are UTC days). */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Position of `value` on an axis of `length` px whose top is `max` (SVG y grows downwards). */
export function toPixels(value: number, max: number, length: number): number {
  if (max <= 0) return 0;
  return (Math.min(value, max) / max) * length;
}
