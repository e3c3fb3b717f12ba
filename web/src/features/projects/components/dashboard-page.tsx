import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useIsOnline } from '@/components/ui/use-online-status';
import { formatDate, plural } from '@/lib/format';
import { useResource } from '@/lib/use-resource';
import { notify } from '@/stores/notification';
import {
  changeProjectState,
  getDashboard,
  messageParticipants,
  type ProjectDashboard,
} from '../api/projects';
import { actionErrorText } from '../utils/errors';
import { formatDay } from '@/lib/format';
import { Person, StatusBadge } from './project-bits';
import { LoadError, Loading } from '@/components/ui/load-state';
import { STATE_DONE, StateActions, type StateAction } from './state-actions';
import './projects.css';

export interface DashboardPageProps {
  projectId: string;
  links: {
    project: string;
    shortlist: string;
    review: string;
    inbox: string;
    profile: (tagname: string) => string;
  };
}

/**
 * A project's dashboard (its lecturer, or a participant): the accepted people and teams with
 * their expertise and reviews, the dates, "Message all" (then a link to the inbox) and the
 * lecturer's start / complete / cancel.
 */
export function DashboardPage({ projectId, links }: DashboardPageProps) {
  const isOnline = useIsOnline();
  const messageId = useId();
  const { resource, reload } = useResource<ProjectDashboard>(`dashboard:${projectId}`, (signal) =>
    getDashboard(projectId, { signal }),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [isSent, setSent] = useState(false);

  // After an action the page reloads with what it shows kept on screen.
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (resource.data === undefined) return <Loading what="the dashboard" />;
  const { project, participants, teams, pending_count: pending } = resource.data;
  const can = (action: (typeof project.actions)[number]) => project.actions.includes(action);
  const expertiseName = (id: string) => project.expertise.find((e) => e.id === id)?.name ?? id;
  // The lecturer's actions (a participant has only 'dashboard').
  const isLecturer = (['shortlist', 'start', 'complete', 'cancel', 'review'] as const).some(can);

  const run = async (key: string, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(key);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(actionErrorText(caught));
    } finally {
      setBusy(null);
    }
  };
  const changeState = (action: StateAction) =>
    run(action, async () => {
      await changeProjectState(project.id, action);
      notify(STATE_DONE[action]);
      reload();
    });

  return (
    <div className="project-page">
      <section className="card" aria-labelledby="dashboard-title">
        <h2 id="dashboard-title">
          <Link to={links.project}>{project.title}</Link>
        </h2>
        <p className="project-card-meta">
          <StatusBadge status={project.status} />
          <span>
            {formatDay(project.start_date)} to {formatDay(project.end_date)}
          </span>
          <span>
            {project.slots - project.slots_left} of {plural(project.slots, 'place')} filled
          </span>
          {pending > 0 && (
            <Link to={links.shortlist}>{plural(pending, 'application')} waiting</Link>
          )}
        </p>
        {project.started_at && <p className="muted">Started {formatDate(project.started_at)}</p>}
        {project.completed_at && (
          <p className="muted">Completed {formatDate(project.completed_at)}</p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {isLecturer && (
          <div className="project-actions">
            <StateActions
              can={can}
              isDisabled={!isOnline || busy !== null}
              reviewHref={links.review}
              onChange={(action) => void changeState(action)}
            />
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="participants-title">
        <h2 id="participants-title">Participants ({participants.length})</h2>
        {participants.length === 0 ? (
          <p className="muted" data-testid="no-participants">
            Nobody is accepted yet.{' '}
            {isLecturer && <Link to={links.shortlist}>See the applications</Link>}
          </p>
        ) : (
          <ul className="project-members">
            {participants.map((p) => (
              <li key={p.user.id} className="project-member" data-testid="participant">
                <Person person={p.user} profileHref={links.profile} />
                <span className="badge">{expertiseName(p.expertise)}</span>
                <span className="muted">{p.team ? `Team ${p.team.name}` : 'Individual'}</span>
                {p.review ? (
                  <span>
                    Reviewed: {p.review.rating}/5 · {plural(p.review.points, 'point')}
                  </span>
                ) : (
                  project.status === 'completed' && <span className="muted">Not reviewed yet</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {teams.length > 0 && (
        <section className="card" aria-labelledby="teams-title">
          <h2 id="teams-title">Teams ({teams.length})</h2>
          <ul className="project-entries">
            {teams.map((team) => (
              <li key={team.application_id}>
                <strong>{team.party.name}</strong>
                <ul className="project-members">
                  {team.members.map((m) => (
                    <li key={m.id}>
                      <Person person={m} profileHref={links.profile} size={28} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}

      {isLecturer && participants.length > 0 && (
        <section className="card" aria-labelledby="message-all">
          <h2 id="message-all">Message all</h2>
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!text.trim()) {
                setError('Write a message.');
                return;
              }
              void run('message', async () => {
                await messageParticipants(project.id, text.trim());
                setText('');
                setSent(true);
                notify('Your message is on its way to every participant.');
              });
            }}
          >
            <div className="field">
              <label htmlFor={messageId}>Message to every participant</label>
              <textarea
                id={messageId}
                rows={3}
                maxLength={5000}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setSent(false);
                }}
              />
            </div>
            <div className="project-actions">
              <button type="submit" className="button" disabled={!isOnline || busy !== null}>
                {busy === 'message' ? 'Sending…' : 'Send to all'}
              </button>
              {isSent && (
                <span role="status">
                  Sent. <Link to={links.inbox}>Open the inbox</Link>
                </span>
              )}
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
