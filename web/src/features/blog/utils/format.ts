// In UTC, not the reader's zone: a post has one publication day everywhere (in Honolulu,
// 08:00 UTC on 2 October is still 1 October).
const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2 October 2026": the UTC day of the ISO date (a publication day, not a moment). */
export function formatPublished(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

export function formatReadingTime(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`;
}

/** A hue from the slug: each post without a cover gets its own, stable colour. */
export function hueFor(slug: string): number {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return (hash + 360) % 360;
}
