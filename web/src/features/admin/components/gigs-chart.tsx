import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import type { AdminStats } from '../types';
import { countScale, toPixels } from '@/components/chart/chart';
import '@/components/chart/chart.css';
import { plural } from '@/lib/format';

/**
 * Gigs per service: one labelled bar per service, longest first. A list, so screen readers read
 * "Chef, 3 gigs" without a separate table; the bars themselves are decoration.
 */
export function GigsChart({ services }: { services: AdminStats['services'] }) {
  const sorted = [...services].sort(
    (a, b) => b.gig_count - a.gig_count || a.name.localeCompare(b.name),
  );
  const scale = countScale(Math.max(0, ...sorted.map((s) => s.gig_count)));
  const totalGigs = sorted.reduce((sum, s) => sum + s.gig_count, 0);
  return (
    <div className="bars">
      <p className="chart-summary">
        {plural(totalGigs, 'gig')} across {plural(services.length, 'service')}.
      </p>
      <ul className="bar-list">
        {sorted.map((service) => {
          const percent = toPixels(service.gig_count, scale.max, 100);
          return (
            <li key={service.id}>
              <span className="bar-label">
                <Link to={buildPath('admin.services.edit', { id: service.id })}>
                  {service.name}
                </Link>
                {service.status !== 'active' && <span className="muted"> (inactive)</span>}
              </span>
              <svg
                className="bar-track"
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                aria-hidden="true"
                focusable="false"
              >
                <rect className="bar-bg" x="0" y="0" width="100" height="10" rx="2" />
                {percent > 0 && (
                  <rect className="bar-fill" x="0" y="0" width={percent} height="10" rx="2" />
                )}
              </svg>
              <span className="bar-value">{plural(service.gig_count, 'gig')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
