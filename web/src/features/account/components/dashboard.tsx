import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import type { User } from '@/types/api';
import { profileCompleteness, type CompletionTarget } from '../utils/profile-completeness';
import './account.css';

export interface NextStep {
  label: string;
  description: string;
  href: string;
}

export interface DashboardProps {
  user: User;
  /** Where each kind of profile item is completed. */
  completionLinks: Record<CompletionTarget, string>;
  /** The role's own next steps (post a job, create a gig). */
  nextSteps: readonly NextStep[];
  /** The public profile, once there is a tagname. */
  publicProfileHref: string | null;
}

const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/** The area dashboard: a greeting, how complete the profile is, and what to do next. */
export function Dashboard({ user, completionLinks, nextSteps, publicProfileHref }: DashboardProps) {
  const { percent, items } = profileCompleteness(user);
  const missing = items.filter((item) => !item.isDone);

  return (
    <div className="dashboard">
      <section className="card dashboard-welcome" aria-labelledby="dashboard-title">
        <Avatar name={user.full_name} src={user.avatar} size={64} />
        <div>
          <h1 id="dashboard-title">Welcome back, {firstNameOf(user.full_name)}</h1>
          <p className="muted">
            {user.role}
            {user.tagname && <> · @{user.tagname}</>}
            {user.expertise && <> · {user.expertise}</>}
          </p>
          {publicProfileHref && <Link to={publicProfileHref}>See your public profile</Link>}
        </div>
      </section>

      <div className="dashboard-grid">
        <section className="card" aria-labelledby="completeness-title">
          <h2 id="completeness-title">Your profile is {percent}% complete</h2>
          <div
            className="meter"
            role="progressbar"
            aria-labelledby="completeness-title"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          {missing.length === 0 ? (
            <p>Everything is filled in. Clients see a complete profile.</p>
          ) : (
            <ul className="checklist">
              {missing.map((item) => (
                <li key={item.key}>
                  <Link to={completionLinks[item.target]}>{item.label}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby="next-steps-title">
          <h2 id="next-steps-title">Next steps</h2>
          <ul className="next-steps">
            {nextSteps.map((step) => (
              <li key={step.href}>
                <Link to={step.href}>{step.label}</Link>
                <p className="muted">{step.description}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
