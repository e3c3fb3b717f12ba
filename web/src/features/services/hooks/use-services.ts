import { useEffect, useState } from 'react';
import type { Service } from '@/types/api';
import { getServices } from '../api/get-services';

export type ServicesState =
  { status: 'loading' } | { status: 'ready'; services: Service[] } | { status: 'error' };

// One request per page load for the header menu, the home page and the forms that list the
// categories; a failed request is asked again by the next component that needs it.
let shared: Promise<Service[]> | null = null;

function loadServices(): Promise<Service[]> {
  shared ??= getServices().then(
    (services) => (Array.isArray(services) ? services : []),
    (error: unknown) => {
      // Spec section 8: a failed service list is logged only (once per request); lists stay empty.
      console.warn('Could not load the service categories.', error);
      shared = null;
      throw error;
    },
  );
  return shared;
}

/** Forgets the shared list (tests; an admin who just edited the categories). */
export function resetServicesCache(): void {
  shared = null;
}

/** The active service categories. */
export function useServices(): ServicesState {
  const [state, setState] = useState<ServicesState>({ status: 'loading' });

  useEffect(() => {
    let isActive = true;
    loadServices().then(
      (services) => {
        if (isActive) setState({ status: 'ready', services });
      },
      () => {
        if (isActive) setState({ status: 'error' });
      },
    );
    return () => {
      isActive = false;
    };
  }, []);

  return state;
}
