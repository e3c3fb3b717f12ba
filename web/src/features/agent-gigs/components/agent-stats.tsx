import { Link } from 'react-router-dom';
import { getAgentStats } from '../api/gigs';
import { useResource } from '@/lib/use-resource';
import { DailyChart } from './daily-chart';
import './agent-gigs.css';

const STATUS_LABELS = { active: 'Published', paused: 'Paused', draft: 'Draft' } as const;

export interface AgentStatsPanelProps {
  createHref: string;
  manageHref: string;
  editHref: (id: string) => string;
}

/**
 * The agent dashboard's gig figures: views and wishlist saves of their gigs per day over the last
 * 30 days, the totals, and each gig's figures with its orders. (Orders and earnings themselves are
 * the orders feature's panel.)
 */
export function AgentStatsPanel({ createHref, manageHref, editHref }: AgentStatsPanelProps) {
  const { resource: state, reload } = useResource('agent-stats', (signal) =>
    getAgentStats({ signal }),
  );
  if (state.status === 'loading' && state.data === undefined) {
    return (
      <p className="muted" role="status">
        Loading your gig figures…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">Your gig figures could not be loaded: {state.error.message}</p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  // Ready, or loading again, with the figures kept on screen meanwhile.
  const stats = state.data!;
  const published = stats.gigs.filter((g) => g.status === 'active').length;
  return (
    <div className="agent-stats">
      <section className="card" aria-labelledby="gig-figures-title">
        <h2 id="gig-figures-title">Your gigs, last 30 days</h2>
        <dl className="stat-tiles">
          <div>
            <dt>Views</dt>
            <dd data-testid="total-views">{stats.totals.views.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Wishlist saves</dt>
            <dd data-testid="total-saves">{stats.totals.saves.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Gigs</dt>
            <dd>
              {stats.gigs.length} <span className="muted stat-note">({published} published)</span>
            </dd>
          </div>
        </dl>
        {stats.gigs.length === 0 && (
          <p>
            You have no gigs yet. <Link to={createHref}>Create a Gig</Link> and its views and saves
            show here.
          </p>
        )}
      </section>
      {stats.gigs.length > 0 && (
        <div className="agent-charts">
          <section className="card" aria-labelledby="views-chart-title">
            <h2 id="views-chart-title">Views per day</h2>
            <DailyChart
              title="Views of your gigs per day, last 30 days"
              unit={['view', 'views']}
              days={stats.days.map((d) => ({ day: d.day, value: d.views }))}
              color="#0b5c6b"
            />
          </section>
          <section className="card" aria-labelledby="saves-chart-title">
            <h2 id="saves-chart-title">Wishlist saves per day</h2>
            <DailyChart
              title="Wishlist saves of your gigs per day, last 30 days"
              unit={['save', 'saves']}
              days={stats.days.map((d) => ({ day: d.day, value: d.saves }))}
              color="#c2410c"
            />
          </section>
        </div>
      )}
      {stats.gigs.length > 0 && (
        <section className="card" aria-labelledby="per-gig-title">
          <h2 id="per-gig-title">Per gig</h2>
          <div className="table-scroll">
            <table className="gig-stats-table">
              <thead>
                <tr>
                  <th scope="col">Gig</th>
                  <th scope="col">Status</th>
                  <th scope="col">Views (30 days)</th>
                  <th scope="col">Saves (30 days)</th>
                  <th scope="col">Views (all time)</th>
                  <th scope="col">Saves (all time)</th>
                  <th scope="col">Orders</th>
                </tr>
              </thead>
              <tbody>
                {stats.gigs.map((gig) => (
                  <tr key={gig.id}>
                    <th scope="row">
                      <Link to={editHref(gig.id)}>{gig.title}</Link>
                    </th>
                    <td>{STATUS_LABELS[gig.status]}</td>
                    <td>{gig.views_30d}</td>
                    <td>{gig.saves_30d}</td>
                    <td>{gig.views_total}</td>
                    <td>{gig.saves_total}</td>
                    <td>{gig.orders}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <Link to={manageHref}>Manage your gigs</Link>
          </p>
        </section>
      )}
    </div>
  );
}
