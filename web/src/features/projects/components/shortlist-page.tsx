import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useIsOnline } from '@/components/ui/use-online-status';
import type {
  ApplicationStatus,
  ShortlistIndividual,
  ShortlistTeam,
} from '@wayfarer/api/schemas/projects';
import { formatDate, plural } from '@/lib/format';
import { useResource } from '@/lib/use-resource';
import { notify } from '@/stores/notification';
import {
  decideApplication,
  getShortlist,
  type ApplicantType,
  type ShortlistResponse,
} from '../api/projects';
import { actionErrorText } from '../utils/errors';
import { APPLICATION_STATUS_LABELS } from '@/lib/project-labels';
import { Person } from './project-bits';
import { LoadError, Loading } from '@/components/ui/load-state';
import './projects.css';

export interface ShortlistPageProps {
  projectId: string;
  type: ApplicantType;
  links: {
    tab: (type: ApplicantType) => string;
    project: string;
    dashboard: string;
    profile: (tagname: string) => string;
  };
}

function StatusChip({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={`badge project-badge-${status}`}
      data-status={status}
      data-testid="application-status"
    >
      {APPLICATION_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The shortlist of a project (its lecturer): the individual and the team applications (spec
 * section 3's entries), each with its reason, self-description and expertise, and Accept or
 * Decline with an optional message. The places left are counted as accepts come in.
 */
export function ShortlistPage({ projectId, type, links }: ShortlistPageProps) {
  const { resource, reload } = useResource<ShortlistResponse>(`shortlist:${projectId}`, (signal) =>
    getShortlist(projectId, { signal }),
  );
  // After an action the page reloads with what it shows kept on screen.
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (resource.data === undefined) return <Loading what="the applications" />;
  const { project, shortlistIndividual, shortlistTeam } = resource.data;
  const expertiseName = (id: string) => project.expertise.find((e) => e.id === id)?.name ?? id;
  const entries = type === 'team' ? shortlistTeam : shortlistIndividual;
  const canDecide = project.status === 'open' || project.status === 'in_progress';

  return (
    <div className="project-page">
      <p>
        <Link to={links.project}>{project.title}</Link> ·{' '}
        <strong data-testid="shortlist-slots">
          {plural(project.slots_left, 'place')} left of {project.slots}
        </strong>{' '}
        · <Link to={links.dashboard}>Dashboard</Link>
      </p>
      <nav className="project-tabs" aria-label="Applicants">
        <ul>
          <li>
            <NavLink to={links.tab('individual')}>
              Individual ({shortlistIndividual.length})
            </NavLink>
          </li>
          <li>
            <NavLink to={links.tab('team')}>Team ({shortlistTeam.length})</NavLink>
          </li>
        </ul>
      </nav>
      {entries.length === 0 ? (
        <p className="card muted" data-testid="shortlist-empty">
          {type === 'team' ? 'No team has applied yet.' : 'No one has applied alone yet.'}
        </p>
      ) : (
        <ul className="project-entries">
          {type === 'team'
            ? shortlistTeam.map((entry) => (
                <li key={entry.id}>
                  <Entry
                    projectId={project.id}
                    entry={entry}
                    canDecide={canDecide && project.slots_left > 0}
                    noPlaces={project.slots_left <= 0}
                    expertiseName={expertiseName}
                    profileHref={links.profile}
                    onDecided={reload}
                  />
                </li>
              ))
            : shortlistIndividual.map((entry) => (
                <li key={entry.id}>
                  <Entry
                    projectId={project.id}
                    entry={entry}
                    canDecide={canDecide && project.slots_left > 0}
                    noPlaces={project.slots_left <= 0}
                    expertiseName={expertiseName}
                    profileHref={links.profile}
                    onDecided={reload}
                  />
                </li>
              ))}
        </ul>
      )}
    </div>
  );
}

function Entry({
  projectId,
  entry,
  canDecide,
  noPlaces,
  expertiseName,
  profileHref,
  onDecided,
}: {
  projectId: string;
  entry: ShortlistIndividual | ShortlistTeam;
  canDecide: boolean;
  noPlaces: boolean;
  expertiseName: (id: string) => string;
  profileHref: (tagname: string) => string;
  onDecided: () => void;
}) {
  const messageId = useId();
  const isOnline = useIsOnline();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = entry.applicant_type === 'Team' ? entry.team_name : entry.from.full_name;

  const decide = async (decision: 'accept' | 'decline') => {
    if (busy) return;
    setBusy(decision);
    setError(null);
    try {
      await decideApplication(projectId, entry.id, decision, message);
      notify(`${title}: ${decision === 'accept' ? 'accepted' : 'declined'}.`);
      onDecided();
    } catch (caught) {
      setError(actionErrorText(caught));
    } finally {
      setBusy(null);
    }
  };

  return (
    <article
      className="card project-entry"
      aria-label={`${entry.applicant_type === 'Team' ? 'Team' : 'Applicant'} ${title}`}
      data-testid="shortlist-entry"
    >
      <div className="project-entry-head">
        {entry.applicant_type === 'Team' ? (
          <strong>{entry.team_name}</strong>
        ) : (
          <Person person={entry.from} profileHref={profileHref} />
        )}
        <StatusChip status={entry.status} />
      </div>
      <p className="muted">Applied {formatDate(entry.created_at)}</p>
      {entry.applicant_type === 'Individual' ? (
        <p>
          <strong>Expertise:</strong> {expertiseName(entry.expertise)}
        </p>
      ) : (
        <ul className="project-members" aria-label="Members">
          {entry.applicant_team_members.map((m) => (
            <li key={m.id} className="project-member">
              <Person person={m.member} profileHref={profileHref} size={28} />
              <span className="badge">{expertiseName(m.expertise)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <strong>Why:</strong> {entry.apply_reason}
      </p>
      <p>
        <strong>About {entry.applicant_type === 'Team' ? 'the team' : 'them'}:</strong>{' '}
        {entry.self_describe}
      </p>
      {entry.status === 'pending' && (
        <>
          {noPlaces && (
            <p className="muted">Every place is taken: this one can only be declined.</p>
          )}
          <div className="field">
            <label htmlFor={messageId}>Message with your decision (optional)</label>
            <textarea
              id={messageId}
              rows={2}
              maxLength={1000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="project-actions">
            <button
              type="button"
              className="button"
              disabled={!canDecide || !isOnline || busy !== null}
              onClick={() => void decide('accept')}
            >
              {busy === 'accept' ? 'Accepting…' : 'Accept'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={!isOnline || busy !== null}
              onClick={() => void decide('decline')}
            >
              {busy === 'decline' ? 'Declining…' : 'Decline'}
            </button>
          </div>
        </>
      )}
    </article>
  );
}
