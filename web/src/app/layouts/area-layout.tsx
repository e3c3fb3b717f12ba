import { useState, type FormEvent } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LogoutDialog } from '@/features/auth/components/logout-dialog';
import { useCurrentUser } from '@/stores/auth';
import { buildPath, type StaticPathName } from '@/config/paths';
import { AccountMenu, type MenuLink } from './account-menu';
import { HeaderStatus } from './header-status';
import './area-layout.css';

interface AreaConfig {
  label: string;
  /** Sidebar entries, labels exactly as the spec's (section 2); Logout follows them. */
  sidebar: { name: StaticPathName; label: string }[];
  /** The header's profile dropdown. */
  menu: MenuLink[];
}

export const AREAS = {
  customer: {
    label: 'Customer',
    sidebar: [
      { name: 'customer.dashboard', label: 'Dashboard' },
      { name: 'customer.post.job', label: 'Post a Job' },
      { name: 'customer.my.jobs', label: 'My Jobs' },
      { name: 'customer.my.orders', label: 'My Orders' },
      { name: 'customer.profile.settings', label: 'Profile Settings' },
      { name: 'customer.change.password', label: 'Change Password' },
      { name: 'customer.delete', label: 'Account Delete' },
    ],
    menu: [
      { label: 'Profile', href: buildPath('profile') },
      { label: 'Inbox', href: buildPath('inbox') },
      { label: 'Post a job', href: buildPath('customer.post.job') },
      { label: 'My jobs', href: buildPath('customer.my.jobs') },
      { label: 'Change Password', href: buildPath('customer.change.password') },
    ],
  },
  agent: {
    label: 'Agent',
    sidebar: [
      { name: 'agent.dashboard', label: 'Dashboard' },
      { name: 'agent.create.gig', label: 'Create a Gig' },
      { name: 'agent.my.orders', label: 'My Orders' },
      { name: 'jobs', label: 'Jobs board' },
      { name: 'agent.my.offers', label: 'My offers' },
      { name: 'agent.projects', label: 'Projects' },
      { name: 'agent.withdraw', label: 'Withdraw History' },
      { name: 'agent.profile.settings', label: 'Profile Settings' },
      { name: 'agent.manage.gigs', label: 'Manage Gig' },
      { name: 'agent.change.password', label: 'Change Password' },
      { name: 'agent.delete', label: 'Account Delete' },
    ],
    menu: [
      { label: 'Profile', href: buildPath('profile') },
      { label: 'Inbox', href: buildPath('inbox') },
      { label: 'Jobs board', href: buildPath('jobs') },
      { label: 'Update Password', href: buildPath('agent.change.password') },
    ],
  },
} satisfies Record<string, AreaConfig>;

export type AreaName = keyof typeof AREAS;

/**
 * The header search: gigs and people (by name or @tagname), grouped on Explore's results
 * (`/explore?q=`: the people it matches above the gigs). The placeholder says exactly that.
 */
function HeaderSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    void navigate(q ? buildPath('explore', undefined, { q }) : buildPath('explore'));
  };
  return (
    <form role="search" className="area-search" onSubmit={submit}>
      <label htmlFor="area-search" className="visually-hidden">
        Search gigs and people
      </label>
      <input
        id="area-search"
        type="search"
        placeholder="Search gigs and people"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
    </form>
  );
}

/**
 * The customer and agent areas: sidebar, header (search; the live sync state, favourites,
 * messages and notifications bell of HeaderStatus; profile) and the page.
 */
function AreaLayout({ area }: { area: AreaName }) {
  const config: AreaConfig = AREAS[area];
  const user = useCurrentUser();
  const location = useLocation();
  const [sidebarOpenAt, setSidebarOpenAt] = useState<string | null>(null);
  const isSidebarOpen = sidebarOpenAt === location.key;
  const [isLogoutOpen, setLogoutOpen] = useState(false);
  // Between logout and the redirect to login, there is no one to show the area to.
  if (!user) return null;

  return (
    <div className="area" data-area={area}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <aside
        id="area-sidebar"
        className="area-sidebar"
        data-open={isSidebarOpen || undefined}
        aria-label={`${config.label} menu`}
      >
        <Link to={buildPath('index')} className="brand area-brand">
          Wayfarer Market
        </Link>
        <p className="area-label">{config.label} area</p>
        <nav aria-label={`${config.label} area`}>
          <ul className="sidebar-list">
            {config.sidebar.map(({ name, label }) => (
              <li key={name}>
                <NavLink to={buildPath(name)}>{label}</NavLink>
              </li>
            ))}
            <li>
              <button type="button" onClick={() => setLogoutOpen(true)}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      {isSidebarOpen && (
        <div className="area-scrim" aria-hidden="true" onClick={() => setSidebarOpenAt(null)} />
      )}
      <div className="area-body">
        <header className="area-header">
          <button
            type="button"
            className="menu-toggle area-menu-toggle"
            aria-expanded={isSidebarOpen}
            aria-controls="area-sidebar"
            onClick={() => setSidebarOpenAt(isSidebarOpen ? null : location.key)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">Menu</span>
          </button>
          <HeaderSearch />
          <div className="area-shortcuts">
            <HeaderStatus />
            <AccountMenu
              user={user}
              variant="area"
              links={config.menu}
              logoutTo={buildPath('login')}
            />
          </div>
        </header>
        <main id="main" className="area-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <LogoutDialog
        isOpen={isLogoutOpen}
        onClose={() => setLogoutOpen(false)}
        redirectTo={buildPath('login')}
      />
    </div>
  );
}

export function CustomerLayout() {
  return <AreaLayout area="customer" />;
}

export function AgentLayout() {
  return <AreaLayout area="agent" />;
}
