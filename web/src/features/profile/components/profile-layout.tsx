import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import type { PublicUser } from '@/types/api';
import { pointsLabel } from './profile-info';
import './profile.css';

interface ProfileTabs {
  projects: string;
  wishlists: string;
  info: string;
  /** The reviews the member received (public profiles). */
  reviews?: string;
}

export interface ProfileLayoutProps {
  user: PublicUser;
  tabs: ProfileTabs;
  /** Beside the role badge (an agent's seller level). */
  badges?: ReactNode;
  /** Buttons in the header (edit profile, message). */
  actions?: ReactNode;
  /** The service categories, for the points label (points are kept per service id). */
  services?: readonly { id: string; name: string }[];
  children: ReactNode;
}

/** A profile page: who, the three tabs (projects, wishlists, info) and the tab's content. */
export function ProfileLayout({
  user,
  tabs,
  badges,
  actions,
  services,
  children,
}: ProfileLayoutProps) {
  return (
    <article className="profile" aria-labelledby="profile-name">
      <header className="profile-header">
        <Avatar name={user.full_name} src={user.avatar} size={88} className="profile-avatar" />
        <div className="profile-identity">
          <h1 id="profile-name">{user.full_name}</h1>
          <p className="muted">
            {user.tagname && <span>@{user.tagname}</span>}
            <span className="badge">{user.role}</span>
            {(user.role === 'Student' || user.role === 'Agent') && (
              <span className="badge profile-points" data-testid="profile-points">
                {pointsLabel(user, services)}
              </span>
            )}
            {badges}
          </p>
          {user.expertise && <p className="profile-expertise">{user.expertise}</p>}
        </div>
        {actions && <div className="profile-actions">{actions}</div>}
      </header>
      <nav className="tabs" aria-label="Profile sections">
        <NavLink to={tabs.projects}>Projects</NavLink>
        <NavLink to={tabs.wishlists}>Wishlists</NavLink>
        <NavLink to={tabs.info}>Info</NavLink>
        {tabs.reviews && <NavLink to={tabs.reviews}>Reviews</NavLink>}
      </nav>
      <div className="profile-panel">{children}</div>
    </article>
  );
}

export interface EmptyStateProps {
  title: string;
  children: ReactNode;
}

export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}
