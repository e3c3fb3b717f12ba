import { useHealth } from '../hooks/use-health';
import { HEALTH_HEADLINES } from '../utils/health-view';

interface HealthStatusProps {
  /** How often to ask again, in ms (10 s by default). */
  intervalMs?: number;
}

export function HealthStatus({ intervalMs }: HealthStatusProps) {
  const health = useHealth(intervalMs);
  let detail: string | null = null;
  if (health.state === 'down') detail = health.reason;
  if (health.state === 'ok' && health.apiVersion) detail = `API version ${health.apiVersion}`;

  return (
    <section className="health" aria-labelledby="health-title">
      <h2 id="health-title" className="health-title">
        Service status
      </h2>
      <div
        className="health-status"
        data-testid="health-status"
        data-state={health.state}
        role="status"
        aria-live="polite"
      >
        <span className="health-dot" aria-hidden="true" />
        <span>
          <strong className="health-headline">{HEALTH_HEADLINES[health.state]}</strong>
          {detail && <span className="health-detail">{detail}</span>}
        </span>
      </div>
    </section>
  );
}
