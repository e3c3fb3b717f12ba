// The checkout's payment window (30 minutes from placing the order): the time left, as it reads.

/** Milliseconds left until `expiresAt` (0 once it has passed); null without a deadline. */
export function timeLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - now);
}

/** 1_799_000 → "29:59", 65_000 → "1:05". */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** For screen readers, said rarely: "about 29 minutes", "less than a minute". */
export function spokenTimeLeft(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (ms < 60_000) return 'less than a minute';
  return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
}
