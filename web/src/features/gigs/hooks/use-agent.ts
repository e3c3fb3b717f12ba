import { useResource } from '@/lib/use-resource';
import { getAgent, type PublicUser } from '../api/gigs';

/**
 * The agent's public profile for the agent card; null while loading or when unavailable (the
 * card then shows what the gig itself says about the agent).
 */
export function useAgent(tagname: string | null): PublicUser | null {
  const { resource } = useResource(tagname, (signal) => getAgent(tagname!, { signal }));
  return resource.status === 'ready' ? resource.data : null;
}
