import { homePathFor } from '@wayfarer/api/schemas/roles';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Dropdown } from '@/components/ui/dropdown';
import { LogoutDialog } from '@/features/auth/components/logout-dialog';
import type { User } from '@/types/api';
import { buildPath } from '@/config/paths';

/** Where a member changes their password: their area's page, or /settings. */
function passwordPathFor(role: User['role']): string {
  if (role === 'Customer') return buildPath('customer.change.password');
  if (role === 'Agent') return buildPath('agent.change.password');
  return buildPath('settings');
}

export interface MenuLink {
  label: string;
  href: string;
}

/** The public header's My Account entries (spec section 2), before Logout. */
export function accountLinksFor(user: Pick<User, 'role'>): MenuLink[] {
  const links: MenuLink[] = [{ label: 'Profile', href: buildPath('profile') }];
  const home = homePathFor(user.role);
  if (home !== buildPath('profile')) links.push({ label: 'Dashboard', href: home });
  if (user.role === 'Customer')
    links.push(
      { label: 'Post a job', href: buildPath('customer.post.job') },
      { label: 'My jobs', href: buildPath('customer.my.jobs') },
    );
  if (user.role === 'Agent') links.push({ label: 'Jobs board', href: buildPath('jobs') });
  if (user.role === 'Student')
    links.push(
      { label: 'Party', href: buildPath('party') },
      { label: 'Leaderboard', href: buildPath('leaderboard') },
    );
  links.push(
    user.role === 'Customer' || user.role === 'Agent'
      ? { label: 'Change Password', href: passwordPathFor(user.role) }
      : { label: 'Settings', href: buildPath('settings') },
  );
  return links;
}

/** A dropdown's links, each closing it, and Logout last when `onLogout` is given. */
export function DropdownLinks({
  links,
  close,
  onLogout,
}: {
  links: MenuLink[];
  close: () => void;
  onLogout?: () => void;
}) {
  return (
    <ul className="dropdown-list">
      {links.map((link) => (
        <li key={link.label}>
          <Link to={link.href} onClick={close}>
            {link.label}
          </Link>
        </li>
      ))}
      {onLogout && (
        <li>
          <button
            type="button"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            Logout
          </button>
        </li>
      )}
    </ul>
  );
}

export interface SignedInMenuProps {
  /** The dropdown's button: its content, class and (when the content does not say it) name. */
  label: ReactNode;
  buttonClassName: string;
  ariaLabel?: string;
  /** Who is signed in, at the top of the dropdown. */
  heading: ReactNode;
  links: MenuLink[];
  /** Where logout leads (spec section 2). */
  logoutTo: string;
}

/** A signed-in person's dropdown: who they are, links, and Logout (with the confirmation modal). */
export function SignedInMenu({
  label,
  buttonClassName,
  ariaLabel,
  heading,
  links,
  logoutTo,
}: SignedInMenuProps) {
  const [isLogoutOpen, setLogoutOpen] = useState(false);
  return (
    <>
      <Dropdown buttonClassName={buttonClassName} ariaLabel={ariaLabel} label={label}>
        {(close) => (
          <>
            <p className="dropdown-heading">{heading}</p>
            <DropdownLinks links={links} close={close} onLogout={() => setLogoutOpen(true)} />
          </>
        )}
      </Dropdown>
      <LogoutDialog
        isOpen={isLogoutOpen}
        onClose={() => setLogoutOpen(false)}
        redirectTo={logoutTo}
      />
    </>
  );
}

export interface AccountMenuProps {
  user: User;
  /** The dropdown's button: "My Account" in the public header, the avatar in the areas. */
  variant: 'public' | 'area';
  links: MenuLink[];
  /** Where logout leads (spec section 2). */
  logoutTo: string;
}

/** A member's dropdown: links and Logout (with the confirmation modal). */
export function AccountMenu({ user, variant, links, logoutTo }: AccountMenuProps) {
  return (
    <SignedInMenu
      buttonClassName={variant === 'public' ? 'dropdown-toggle' : 'dropdown-toggle avatar-toggle'}
      ariaLabel={variant === 'area' ? `Account menu for ${user.full_name}` : undefined}
      label={
        variant === 'public' ? (
          <>
            <Avatar name={user.full_name} src={user.avatar} size={28} />
            <span className="account-label">My Account</span>
          </>
        ) : (
          <>
            <Avatar name={user.full_name} src={user.avatar} size={32} />
            <span className="avatar-toggle-name">{user.full_name}</span>
          </>
        )
      }
      heading={
        <>
          <strong>{user.full_name}</strong>
          <span className="muted">{user.tagname ? `@${user.tagname}` : user.email}</span>
        </>
      }
      links={links}
      logoutTo={logoutTo}
    />
  );
}
