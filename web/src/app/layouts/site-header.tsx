import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTouchGestures } from '@/components/ui/touch-gestures';
import { useCurrentUser } from '@/stores/auth';
import { buildPath, type StaticPathName } from '@/config/paths';
import { Brand } from './brand';
import { ServicesMenu } from './services-menu';
import { LineIcon } from '@/components/ui/line-icon';

// Members only: a guest's first page loads neither (nor the local database the status opens).
const HeaderStatus = lazy(() =>
  import('./header-status').then((module) => ({ default: module.HeaderStatus })),
);
const MemberMenu = lazy(() =>
  import('./member-menu').then((module) => ({ default: module.MemberMenu })),
);

type MenuEntry = { name: StaticPathName; label: string };

// The public menu (spec section 2): Home, About Us, Services, Blogs, Contact Us.
const BEFORE_SERVICES: MenuEntry[] = [
  { name: 'index', label: 'Home' },
  { name: 'aboutus', label: 'About Us' },
];
const AFTER_SERVICES: MenuEntry[] = [
  { name: 'blogs', label: 'Blogs' },
  { name: 'contactus', label: 'Contact Us' },
];

/** Spec section 6: only Lecturers see these. */
const LECTURER_MENU: MenuEntry[] = [
  { name: 'project.post', label: 'Post Project' },
  { name: 'inbox', label: 'Inbox' },
  { name: 'projectbox', label: 'Project Box' },
];

function MenuLinks({ entries }: { entries: MenuEntry[] }) {
  return entries.map(({ name, label }) => (
    <li key={name}>
      <NavLink to={buildPath(name)} end={name === 'index'}>
        {label}
      </NavLink>
    </li>
  ));
}

/** The public site's header: brand, main menu (a panel on small screens), account. */
export function SiteHeader() {
  const user = useCurrentUser();
  const location = useLocation();
  // Open "at" a location, so the menu closes on each route change (spec section 2).
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenAt === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  useTouchGestures(menuRef, {
    onSwipe: (direction) => {
      if (direction === 'up') setMenuOpenAt(null);
    },
  });

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Brand />
        {user && (
          <div className="header-status">
            <Suspense fallback={null}>
              {/* A Lecturer's menu has Inbox (LECTURER_MENU): no messages button beside it. */}
              <HeaderStatus inboxInMenu={user.role === 'Lecturer'} />
            </Suspense>
          </div>
        )}
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpenAt(isMenuOpen ? null : location.key)}
        >
          <LineIcon
            d={isMenuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
            weight={2}
            roundJoins={false}
          />
          <span className="menu-toggle-label">Menu</span>
        </button>
        <div ref={menuRef} id="site-menu" className="site-menu" data-open={isMenuOpen || undefined}>
          <nav aria-label="Main" className="main-nav">
            <ul className="nav-list">
              <MenuLinks entries={BEFORE_SERVICES} />
              <li>
                <ServicesMenu />
              </li>
              <MenuLinks entries={AFTER_SERVICES} />
              {user?.role === 'Lecturer' && <MenuLinks entries={LECTURER_MENU} />}
            </ul>
          </nav>
          <div className="header-account">
            {user ? (
              <Suspense fallback={<span className="account-placeholder" aria-hidden="true" />}>
                <MemberMenu user={user} />
              </Suspense>
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
  );
}
