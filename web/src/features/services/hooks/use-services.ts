import { useEffect, useState } from 'react';
import type { Service } from '@/types/api';
import { getServices } from '../api/get-services';

export type ServicesState =
  { status: 'loading' } | { status: 'ready'; services: Service[] } | { status: 'error' };

/** The service categories, asked once on mount. */
export function useServices(): ServicesState {
  const [state, setState] = useState<ServicesState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getServices({ signal: controller.signal }).then(
      (services) => {
        setState({ status: 'ready', services: Array.isArray(services) ? services : [] });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec section 8: a failed service list is logged only; lists stay empty.
        console.warn('Could not load the service categories.', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
