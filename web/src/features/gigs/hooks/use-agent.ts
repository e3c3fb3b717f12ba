import { useEffect, useState } from 'react';
import { getAgent, type PublicUser } from '../api/gigs';

/** The agent's public profile for the agent card; null while loading or when unavailable. */
export function useAgent(tagname: string | null): PublicUser | null {
  const [agent, setAgent] = useState<PublicUser | null>(null);
  useEffect(() => {
    setAgent(null);
    if (!tagname) return;
    const controller = new AbortController();
    getAgent(tagname, { signal: controller.signal }).then(
      (profile) => {
        if (!controller.signal.aborted) setAgent(profile);
      },
      // The card shows what the gig itself says about the agent instead.
      () => undefined,
    );
    return () => controller.abort();
  }, [tagname]);
  return agent;
}
