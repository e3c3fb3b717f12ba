import { useResource } from '@/lib/use-resource';
import { getLevelProgress, type SellerLevelProgress } from '../api/reputation';
import { formatRate, formatResponseTime, levelName } from '../utils/format';
import { LevelBadge } from './level-badge';

/** The agent's level, the measures behind it and what the next level still needs. */
export function SellerLevelCard({ progress }: { progress: SellerLevelProgress }) {
  const rating = progress.rating.count
    ? `${progress.rating.average.toFixed(2)} (${progress.rating.count})`
    : 'No reviews yet';
  return (
    <section className="card" aria-labelledby="seller-level-title">
      <div className="section-heading">
        <h2 id="seller-level-title">Your seller level</h2>
        <LevelBadge level={progress.level} />
      </div>
      <dl className="stat-tiles">
        <div>
          <dt>Completed orders</dt>
          <dd data-testid="level-completed">{progress.completed_orders}</dd>
        </div>
        <div>
          <dt>Average rating</dt>
          <dd data-testid="level-rating">{rating}</dd>
        </div>
        <div>
          <dt>On-time delivery</dt>
          <dd data-testid="level-on-time">{formatRate(progress.on_time_rate)}</dd>
        </div>
        <div>
          <dt>Response rate</dt>
          <dd data-testid="level-response-rate">{formatRate(progress.response_rate)}</dd>
        </div>
        <div>
          <dt>Response time</dt>
          <dd data-testid="level-response-time">
            {formatResponseTime(progress.response_time_hours)}
          </dd>
        </div>
        <div>
          <dt>Cancellations</dt>
          <dd data-testid="level-cancellations">{formatRate(progress.cancellation_rate)}</dd>
        </div>
      </dl>
      <p className="muted stat-note">
        Rates are over the last 60 days; orders and ratings over all your work.
      </p>
      {progress.next ? (
        <div data-testid="level-next">
          <h3>To reach {levelName(progress.next.level)}</h3>
          {progress.next.missing.length ? (
            <ul>
              {progress.next.missing.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>You meet every requirement: the new level shows as soon as it is counted.</p>
          )}
        </div>
      ) : (
        <p data-testid="level-next">You are Top Rated, the highest level. Keep it up!</p>
      )}
    </section>
  );
}

/** The agent dashboard's level card, loaded from `GET /api/agent/level`. */
export function SellerLevelPanel() {
  const { resource, reload } = useResource('agent-level', (signal) => getLevelProgress({ signal }));
  if (resource.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">
          Your seller level could not be loaded: {resource.error.message}
        </p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  if (resource.data === undefined) {
    return (
      <p className="muted" role="status">
        Loading your seller level…
      </p>
    );
  }
  return <SellerLevelCard progress={resource.data} />;
}
