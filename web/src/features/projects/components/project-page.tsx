import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Markdown } from '@/components/ui/markdown';
import { useIsOnline } from '@/components/ui/use-online-status';
import { useResource } from '@/lib/use-resource';
import { notify, notifyError } from '@/stores/notification';
import {
  changeProjectState,
  getProject,
  updateProject,
  withdrawApplication,
  type Project,
} from '../api/projects';
import { actionErrorText } from '../utils/errors';
import { APPLICATION_STATUS_LABELS } from '@/lib/project-labels';
import { deadlineEnd } from '../utils/format';
import { ExpertiseChips, Person, ProjectFacts } from './project-bits';
import { LoadError, Loading } from '@/components/ui/load-state';
import { STATE_DONE, StateActions, type StateAction } from './state-actions';
import './projects.css';

interface ProjectLinks {
  edit: (id: string) => string;
  apply: (id: string) => string;
  shortlist: (id: string) => string;
  dashboard: (id: string) => string;
  review: (id: string) => string;
  profile: (tagname: string) => string;
}

export interface ProjectPageProps {
  projectId: string;
  links: ProjectLinks;
  /** The viewer's role (null: a guest). */
  viewerRole: string | null;
  /** The viewer's user id (null: a guest): its lecturer sees Manage, whatever its actions. */
  viewerId: string | null;
  /** "Save to Project Box", from the project box feature. */
  saveButton: (project: Project) => ReactNode;
}

/** Why a viewer may not apply, or null when they may. */
export function applyBlocker(project: Project, viewerRole: string | null): string | null {
  if (project.actions.includes('apply')) return null;
  if (viewerRole !== 'Student') return 'Only Students can apply to projects.';
  if (project.my_application && project.my_application.status !== 'withdrawn')
    return 'You have applied to this project.';
  if (project.status !== 'open' || deadlineEnd(project.deadline) <= Date.now())
    return 'Applications are closed.';
  if (project.slots_left <= 0) return 'Every place is taken.';
  return 'You cannot apply to this project.';
}

async function share(project: Project) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: project.title, url });
      return;
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify('Link copied.');
  } catch {
    notifyError('Could not copy the link. Copy it from the address bar instead.');
  }
}

/**
 * A project: the brief (Markdown), its lecturer, expertise, places left, the deadline countdown,
 * dates and place, its status; saving it to the Project Box, sharing it, applying (Students; the
 * reason otherwise), the student's own application with Withdraw, and the lecturer's actions
 * (`project.actions`).
 */
export function ProjectPage({
  projectId,
  links,
  viewerRole,
  viewerId,
  saveButton,
}: ProjectPageProps) {
  const isOnline = useIsOnline();
  const { resource, reload } = useResource<Project>(`project:${projectId}`, (signal) =>
    getProject(projectId, { signal }),
  );
  const [busy, setBusy] = useState<string | null>(null);

  // After an action the page reloads with what it shows kept on screen.
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (resource.data === undefined) return <Loading what="the project" />;
  const project = resource.data;
  const can = (action: Project['actions'][number]) => project.actions.includes(action);

  const run = async (key: string, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(key);
    try {
      await work();
    } catch (error) {
      notifyError(actionErrorText(error));
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

  const isLecturer = viewerId !== null && viewerId === project.lecturer.id;
  // Every action but applying and withdrawing is managing (a participant has the dashboard).
  const canManage = project.actions.some((action) => action !== 'apply' && action !== 'withdraw');
  const mine = project.my_application;
  const blocker = applyBlocker(project, viewerRole);

  return (
    <div className="project-page">
      <section className="card" aria-labelledby="project-title">
        <h2 id="project-title" className="project-title">
          {project.title}
        </h2>
        <p>
          <Person person={project.lecturer} profileHref={links.profile} size={40} />
        </p>
        <ExpertiseChips expertise={project.expertise} />
        <ProjectFacts project={project} />
        <div className="project-actions">
          {blocker === null ? (
            <Link className="button" to={links.apply(project.id)}>
              Apply
            </Link>
          ) : (
            !isLecturer && (
              <>
                <button type="button" className="button" disabled aria-describedby="apply-why">
                  Apply
                </button>
                <span id="apply-why" className="muted" data-testid="apply-blocker">
                  {blocker}
                </span>
              </>
            )
          )}
          {saveButton(project)}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void share(project)}
          >
            Share
          </button>
        </div>
      </section>

      {mine && (
        <section className="card" aria-labelledby="my-application" data-testid="my-application">
          <h2 id="my-application">Your application</h2>
          <p>
            {mine.type === 'team' ? `As your party ${mine.party?.name ?? ''}` : 'Alone'} ·{' '}
            <span className="badge" data-status={mine.status}>
              {APPLICATION_STATUS_LABELS[mine.status]}
            </span>
          </p>
          {mine.decision_message && (
            <p>
              <strong>The lecturer wrote:</strong> {mine.decision_message}
            </p>
          )}
          {can('withdraw') && (
            <button
              type="button"
              className="button button-secondary"
              disabled={!isOnline || busy !== null}
              onClick={() =>
                void run('withdraw', async () => {
                  await withdrawApplication(project.id);
                  notify('Your application is withdrawn.');
                  reload();
                })
              }
            >
              {busy === 'withdraw' ? 'Withdrawing…' : 'Withdraw'}
            </button>
          )}
        </section>
      )}

      {canManage && (
        <section className="card" aria-labelledby="lecturer-actions">
          <h2 id="lecturer-actions">Manage</h2>
          {!isOnline && <p className="muted">These need a connection.</p>}
          <div className="project-actions">
            {can('edit') && (
              <Link className="button button-secondary" to={links.edit(project.id)}>
                Edit
              </Link>
            )}
            {can('publish') && (
              <button
                type="button"
                className="button"
                disabled={!isOnline || busy !== null}
                onClick={() =>
                  void run('publish', async () => {
                    await updateProject(project.id, { status: 'open' });
                    notify('The project is published: students can apply now.');
                    reload();
                  })
                }
              >
                Publish
              </button>
            )}
            {can('shortlist') && (
              <Link className="button button-secondary" to={links.shortlist(project.id)}>
                Shortlist ({project.application_count})
              </Link>
            )}
            {can('dashboard') && (
              <Link className="button button-secondary" to={links.dashboard(project.id)}>
                Dashboard
              </Link>
            )}
            <StateActions
              can={can}
              isDisabled={!isOnline || busy !== null}
              reviewHref={links.review(project.id)}
              onChange={(action) => void changeState(action)}
            />
          </div>
        </section>
      )}

      <section className="card project-description" aria-labelledby="project-brief">
        <h2 id="project-brief">The brief</h2>
        <Markdown shiftHeadings>{project.description}</Markdown>
      </section>
    </div>
  );
}
