import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/stores/auth';
import { buildPath, type StaticPathName } from '@/config/paths';
import { AdminHeader } from './admin-header';
import './area-layout.css';
import './admin-layout.css';

/**
 * The admin sections (spec section 2: Dashboard, Users, Services, then the product's own).
 * Withdrawals join when its issue builds it; until then there is nothing to link to.
 */
export const ADMIN_NAV: { name: StaticPathName; label: string; end?: boolean }[] = [
  { name: 'admin', label: 'Dashboard', end: true },
  { name: 'admin.users', label: 'Users' },
  { name: 'admin.services', label: 'Services' },
  { name: 'admin.orders', label: 'Orders' },
  { name: 'admin.disputes', label: 'Disputes' },
  { name: 'admin.reviews', label: 'Reviews' },
  { name: 'admin.messages', label: 'Messages' },
  { name: 'admin.blog', label: 'Blog' },
  { name: 'admin.withdrawals', label: 'Withdrawals' },
  { name: 'admin.finance', label: 'Finance' },
  { name: 'admin.audit', label: 'Audit log' },
];

/** The admin area's frame: the sidebar (a drawer below lg), the header and the page. */
export function Component() {
  const user = useCurrentUser();
  const location = useLocation();
  // Open "at" a location: the drawer closes on each route change.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenAt === location.key;
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenAt(null);
      document.querySelector<HTMLElement>('[aria-controls="admin-sidebar"]')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);
  // Between logout and the redirect to the admin login, there is no one to show the area to.
  if (!user) return null;
  return (
    <div className="area admin-area" data-area="admin">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <aside
        id="admin-sidebar"
        className="area-sidebar admin-sidebar"
        data-open={isMenuOpen || undefined}
        aria-label="Admin menu"
      >
        <Link to={buildPath('admin')} className="brand area-brand">
          Wayfarer Admin
        </Link>
        <p className="area-label">Admin area</p>
        <nav aria-label="Admin">
          <ul className="sidebar-list">
            {ADMIN_NAV.map(({ name, label, end }) => (
              <li key={name}>
                <NavLink to={buildPath(name)} end={end}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="admin-sidebar-foot">
          <Link to={buildPath('index')}>Open the marketplace</Link>
        </p>
      </aside>
      {isMenuOpen && (
        <div className="area-scrim" aria-hidden="true" onClick={() => setMenuOpenAt(null)} />
      )}
      <div className="area-body">
        <AdminHeader
          user={user}
          isMenuOpen={isMenuOpen}
          onToggleMenu={() => setMenuOpenAt(isMenuOpen ? null : location.key)}
        />
        <main id="main" className="area-main admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
