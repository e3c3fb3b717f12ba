import { Link, NavLink, Outlet } from 'react-router-dom';
import { buildPath, type StaticPathName } from '../paths';

// The public menu (spec section 2). The Services dropdown and the account entries come with
// the public-site and accounts work; these links are real even before their pages exist.
const MENU: { name: StaticPathName; label: string }[] = [
  { name: 'index', label: 'Home' },
  { name: 'aboutus', label: 'About Us' },
  { name: 'blogs', label: 'Blogs' },
  { name: 'contactus', label: 'Contact Us' },
];

/** The default layout: navbar, page, footer. */
export function Component() {
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
          <nav aria-label="Main">
            <ul className="nav-list">
              {MENU.map(({ name, label }) => (
                <li key={name}>
                  <NavLink to={buildPath(name)} end={name === 'index'}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="container site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>© 2025 Wayfarer Market. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
