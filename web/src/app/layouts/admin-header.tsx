import { Avatar } from '@/components/ui/avatar';
import { Dropdown } from '@/components/ui/dropdown';
import { AdminSearch } from '@/features/admin/components/admin-search';
import type { User } from '@/types/api';
import { buildPath } from '@/config/paths';
import { DropdownLinks, SignedInMenu } from './account-menu';
import { HeaderStatus } from './header-status';

/** The line under an admin's name: their expertise when they gave one, else the role. */
function adminTitleOf(user: Pick<User, 'expertise'>): string {
  return user.expertise?.trim() || 'Administrator';
}

/**
 * The spec's Statistics, Projects and Settings menu. Projects has no admin screen yet (the
 * projects issue builds it), so it is left out rather than linked to nothing.
 */
function ShortcutsMenu() {
  return (
    <Dropdown label="Menu" buttonClassName="dropdown-toggle admin-shortcuts-toggle" align="end">
      {(close) => (
        <DropdownLinks
          links={[
            { label: 'Statistics', href: buildPath('admin') },
            { label: 'Audit log', href: buildPath('admin.audit') },
            { label: 'Settings', href: buildPath('settings') },
          ]}
          close={close}
        />
      )}
    </Dropdown>
  );
}

/** The admin's dropdown: real name and title, their own pages, and Logout (to the admin login). */
function AdminUserMenu({ user }: { user: User }) {
  const title = adminTitleOf(user);
  return (
    <SignedInMenu
      buttonClassName="dropdown-toggle avatar-toggle admin-user-toggle"
      // The name includes the words on the button (WCAG 2.5.3, label in name): name and title.
      ariaLabel={`Account menu for ${user.full_name}, ${title}`}
      label={
        <>
          <Avatar name={user.full_name} src={user.avatar} size={32} />
          <span className="admin-user-text">
            <span className="admin-user-name">{user.full_name}</span>{' '}
            <span className="admin-user-title">{title}</span>
          </span>
        </>
      }
      heading={
        <>
          <strong>{user.full_name}</strong>
          <span className="muted">{title}</span>
          <span className="muted">{user.email}</span>
        </>
      }
      links={[
        { label: 'Your profile', href: buildPath('profile') },
        { label: 'Settings', href: buildPath('settings') },
      ]}
      logoutTo={buildPath('admin.login')}
    />
  );
}

export interface AdminHeaderProps {
  user: User;
  isMenuOpen: boolean;
  onToggleMenu: () => void;
}

/**
 * The admin header: menu button (below lg), search, the live status items (sync state,
 * notifications: the offline core's), the shortcuts menu and the user dropdown.
 */
export function AdminHeader({ user, isMenuOpen, onToggleMenu }: AdminHeaderProps) {
  return (
    <header className="area-header admin-header">
      <button
        type="button"
        className="menu-toggle area-menu-toggle"
        aria-expanded={isMenuOpen}
        aria-controls="admin-sidebar"
        onClick={onToggleMenu}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">Admin menu</span>
      </button>
      <AdminSearch />
      <div className="area-shortcuts">
        <HeaderStatus />
        <ShortcutsMenu />
        <AdminUserMenu user={user} />
      </div>
    </header>
  );
}
