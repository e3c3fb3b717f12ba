import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useDevMailAvailable } from '@/features/dev-mail/hooks/use-dev-mail-available';
import { useCurrentUser } from '@/stores/auth';
import { buildPath, type StaticPathName } from '../paths';
import { AccountMenu, accountLinksFor } from './account-menu';

// The public menu (spec section 2). The Services dropdown comes with the public-site work; these
// links are real even before their pages exist.
const MENU: { name: StaticPathName; label: string }[] = [
  { name: 'index', label: 'Home' },
  { name: 'aboutus', label: 'About Us' },
  { name: 'blogs', label: 'Blogs' },
  { name: 'contactus', label: 'Contact Us' },
];

/** Spec section 6: only Lecturers see these. */
const LECTURER_MENU: { name: StaticPathName; label: string }[] = [
  { name: 'project.post', label: 'Post Project' },
  { name: 'inbox', label: 'Inbox' },
  { name: 'projectbox', label: 'Project Box' },
];

/** The default layout: navbar, page, footer. */
export function Component() {
  const user = useCurrentUser();
  const location = useLocation();
  // Open "at" a location, so the menu closes on each route change (spec section 2).
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenAt === location.key;
  const hasDevMail = useDevMailAvailable();
  const menu = user?.role === 'Lecturer' ? [...MENU, ...LECTURER_MENU] : MENU;

  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <div className="container site-header-inner">
          <Link to={buildPath('index')} className="brand">
            Wayfarer Market
          </Link>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={isMenuOpen}
            aria-controls="site-menu"
            onClick={() => setMenuOpenAt(isMenuOpen ? null : location.key)}
          >
            <span aria-hidden="true">☰</span> Menu
          </button>
          <div id="site-menu" className="site-menu" data-open={isMenuOpen || undefined}>
            <nav aria-label="Main">
              <ul className="nav-list">
                {menu.map(({ name, label }) => (
                  <li key={name}>
                    <NavLink to={buildPath(name)} end={name === 'index'}>
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="header-account">
              {user ? (
                <AccountMenu
                  user={user}
                  variant="public"
                  links={accountLinksFor(user)}
                  logoutTo={buildPath('index')}
                />
              ) : (
                <>
                  <Link to={buildPath('login')} className="button button-ghost">
                    Login
                  </Link>
                  <Link to={buildPath('register')} className="button">
                    Sign Up
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      </header>
      <main id="main" className="container site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container site-footer-inner">
          <p>© 2025 Wayfarer Market. All rights reserved.</p>
          {hasDevMail && (
            <p>
              <Link to={buildPath('dev.mail')}>Developer mail</Link>
            </p>
          )}
        </div>
      </footer>
    </div>
  );
}
