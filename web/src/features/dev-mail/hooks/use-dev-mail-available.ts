import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { firstPaint } from '@/lib/after-paint';

let probe: Promise<boolean> | null = null;

/**
 * Asked once per page load, after the page has painted its first content (the footer's link can
 * wait; a request before that paint delays it on a phone): whether GET /api/dev/mail answers 200
 * (never in production).
 */
function isDevMailAvailable(): Promise<boolean> {
  probe ??= firstPaint()
    .then(() => api.get('/dev/mail'))
    .then(
      () => true,
      () => false,
    );
  return probe;
}

export function useDevMailAvailable(): boolean {
  const [isAvailable, setAvailable] = useState(false);
  useEffect(() => {
    let active = true;
    void isDevMailAvailable().then((value) => {
      if (active) setAvailable(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return isAvailable;
}
