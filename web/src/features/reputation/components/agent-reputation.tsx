import { useResource } from '@/lib/use-resource';
import { getReputation, type Reputation } from '../api/reputation';
import { formatRate, formatResponseTime } from '../utils/format';
import { LevelBadge } from './level-badge';

/** What a customer weighs before ordering: the agent's level, response time and on-time rate. */
export function AgentReputationFacts({ reputation }: { reputation: Reputation }) {
  return (
    <dl className="gig-facts" data-testid="agent-reputation">
      <dt>Seller level</dt>
      <dd>
        <LevelBadge level={reputation.level} />
      </dd>
      <dt>Response time</dt>
      <dd data-testid="response-time">{formatResponseTime(reputation.response_time_hours)}</dd>
      <dt>On-time delivery</dt>
      <dd data-testid="on-time-rate">{formatRate(reputation.on_time_rate)}</dd>
    </dl>
  );
}

/**
 * The agent card's reputation (gig page), loaded on its own: until it arrives, or if it cannot
 * be loaded, the card shows the rest without it.
 */
export function AgentReputation({ tagname }: { tagname: string }) {
  const { resource } = useResource(`reputation:${tagname}`, (signal) =>
    getReputation(tagname, { signal }),
  );
  return resource.status === 'ready' ? <AgentReputationFacts reputation={resource.data} /> : null;
}

/** The seller level on an agent's public profile (nothing until it is loaded). */
export function ProfileLevel({ tagname }: { tagname: string }) {
  const { resource } = useResource(`reputation:${tagname}`, (signal) =>
    getReputation(tagname, { signal }),
  );
  return resource.status === 'ready' ? <LevelBadge level={resource.data.level} /> : null;
}
