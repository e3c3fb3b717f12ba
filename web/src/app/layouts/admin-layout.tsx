import { Link, NavLink, Outlet } from 'react-router-dom';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '../paths';
import { AccountMenu } from './account-menu';
import './area-layout.css';

/** The admin area's frame: the spec's three layout links and the user dropdown with Logout. */
export function Component() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="layout admin-layout">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header admin-header">
        <div className="container site-header-inner">
          <Link to={buildPath('admin')} className="brand">
            Wayfarer Admin
          </Link>
          <nav aria-label="Admin">
            <ul className="nav-list">
              <li>
                <NavLink to={buildPath('admin')} end>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <NavLink to={buildPath('admin.users')}>Users</NavLink>
              </li>
              <li>
                <NavLink to={buildPath('admin.services')}>Services</NavLink>
              </li>
            </ul>
          </nav>
          <AccountMenu
            user={user}
            variant="area"
            links={[{ label: 'Profile', href: buildPath('profile') }]}
            logoutTo={buildPath('admin.login')}
          />
        </div>
      </header>
      <main id="main" className="container site-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
