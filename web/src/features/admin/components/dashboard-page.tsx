import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { useCurrentUser } from '@/stores/auth';
import { checkLedger, listOrders } from '../api/orders';
import { getStats } from '../api/stats';
import { useResource } from '@/lib/use-resource';
import type { AdminStats } from '../types';
import { plural } from '@/lib/format';
import { GigsChart } from './gigs-chart';
import { PageHeading } from './admin-list';
import { LoadState } from './load-state';
import { OrdersHealth } from './orders-health';
import { ROLE_COLORS, SignupsChart } from './signups-chart';
import './admin.css';

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

function Tile({
  label,
  value,
  detail,
  href,
}: {
  label: string;
  value: number;
  detail?: string;
  href?: string;
}) {
  return (
    <li className="card stat-tile">
      <span className="stat-label">{href ? <Link to={href}>{label}</Link> : label}</span>
      <span className="stat-value">{value.toLocaleString('en-GB')}</span>
      {detail && <span className="stat-detail muted">{detail}</span>}
    </li>
  );
}

function RoleBreakdown({ byRole, total }: { byRole: Record<string, number>; total: number }) {
  const roles = Object.entries(byRole).sort((a, b) => b[1] - a[1]);
  return (
    <ul className="role-breakdown">
      {roles.map(([role, count]) => (
        <li key={role}>
          <span
            className="chart-swatch"
            style={{ background: ROLE_COLORS[role] ?? '#64748b' }}
            aria-hidden="true"
          />
          <Link to={buildPath('admin.users', undefined, { role })}>{role}</Link>
          <span className="role-count">
            {count.toLocaleString('en-GB')}
            <span className="muted"> ({total ? Math.round((count / total) * 100) : 0}%)</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** `orders`: the orders card, shown between the key figures and the charts. */
function Figures({ stats, orders }: { stats: AdminStats; orders: ReactNode }) {
  const { users } = stats;
  const activeServices = stats.services.filter((s) => s.status === 'active').length;
  const verifiedPercent = users.total ? Math.round((users.verified / users.total) * 100) : 0;
  return (
    <>
      <ul className="stat-grid" aria-label="Key figures">
        <Tile
          label="Users"
          value={users.total}
          href={buildPath('admin.users')}
          detail={`${verifiedPercent}% verified`}
        />
        <Tile
          label="Active in the last 7 days"
          value={users.active_7d}
          detail={`of ${plural(users.total, 'user')}`}
        />
        <Tile
          label="Services"
          value={stats.services.length}
          href={buildPath('admin.services')}
          detail={`${activeServices} active`}
        />
        <Tile
          label="Open messages"
          value={stats.contact_messages.open}
          href={buildPath('admin.messages')}
          detail={`${stats.contact_messages.handled} handled`}
        />
        <Tile label="Published posts" value={stats.blog.published} href={buildPath('admin.blog')} />
      </ul>

      {orders}

      <div className="dashboard-charts">
        <section className="card chart-card" aria-labelledby="signups-title">
          <h2 id="signups-title">Sign-ups per day</h2>
          <SignupsChart days={stats.signups_per_day} />
        </section>
        <section className="card" aria-labelledby="roles-title">
          <h2 id="roles-title">Users by role</h2>
          <RoleBreakdown byRole={users.by_role} total={users.total} />
        </section>
        <section className="card chart-card" aria-labelledby="gigs-title">
          <h2 id="gigs-title">Gigs per service</h2>
          <GigsChart services={stats.services} />
        </section>
      </div>
    </>
  );
}

/** /admin: the marketplace at a glance. */
export function DashboardPage() {
  const user = useCurrentUser();
  const { resource, reload } = useResource('stats', (signal) => getStats({ signal }));
  // The counts per status come with any page of the list: one order is the smallest page.
  const counts = useResource('order-counts', (signal) => listOrders({ per_page: 1 }, { signal }));
  const ledger = useResource('ledger-check', (signal) => checkLedger({ signal }));
  const orders = (
    <OrdersHealth
      counts={counts.resource}
      ledger={ledger.resource}
      onRetry={() => {
        counts.reload();
        ledger.reload();
      }}
    />
  );
  const reloadAll = () => {
    reload();
    counts.reload();
    ledger.reload();
  };
  return (
    <div className="admin-page">
      <PageHeading title="Dashboard" onRefresh={reloadAll}>
        {user ? `Welcome back, ${firstName(user.full_name)}. ` : ''}The marketplace at a glance.
      </PageHeading>
      <LoadState resource={resource} onRetry={reload} what="the figures">
        {(stats) => <Figures stats={stats} orders={orders} />}
      </LoadState>
      {/* Without the figures, the orders card still shows (it has data of its own). */}
      {resource.data === undefined && orders}
    </div>
  );
}
