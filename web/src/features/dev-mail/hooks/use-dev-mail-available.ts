import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

let probe: Promise<boolean> | null = null;

/** Asked once per page load: whether GET /api/dev/mail answers 200 (never in production). */
function isDevMailAvailable(): Promise<boolean> {
  probe ??= api.get('/dev/mail').then(
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
