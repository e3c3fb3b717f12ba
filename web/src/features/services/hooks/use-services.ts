import { useResource } from '@/lib/use-resource';
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

/** The active service categories. */
export function useServices(): ServicesState {
  // Every caller shares one request (loadServices), so it takes no abort signal.
  const { resource } = useResource('services', () => loadServices());
  if (resource.status === 'ready') return { status: 'ready', services: resource.data };
  return { status: resource.status };
}
