import { useEffect, useState } from 'react';

/** The current time, updated every `intervalMs` while `isActive` (a countdown on screen). */
export function useNow(intervalMs = 1000, isActive = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, isActive]);
  return now;
}
