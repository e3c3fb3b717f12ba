import { useEffect, useState } from 'react';
import { getHealth } from '../api/get-health';
import { healthFromError, healthFromResponse, type HealthView } from '../utils/health-view';

const HEALTH_POLL_MS = 10_000;

/**
 * The live health of the API and its database: asks on mount, then `intervalMs` after each answer
 * (never two requests at once), and stops when the component unmounts.
 */
export function useHealth(intervalMs: number = HEALTH_POLL_MS): HealthView {
  const [view, setView] = useState<HealthView>({ state: 'loading' });

  useEffect(() => {
    let active = true;
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const check = async () => {
      controller = new AbortController();
      let next: HealthView;
      try {
        next = healthFromResponse(await getHealth({ signal: controller.signal }));
      } catch (error) {
        if (!active) return;
        next = healthFromError(error);
      }
      if (!active) return;
      setView(next);
      timer = setTimeout(() => void check(), intervalMs);
    };

    void check();
    return () => {
      active = false;
      controller?.abort();
      clearTimeout(timer);
    };
  }, [intervalMs]);

  return view;
}
