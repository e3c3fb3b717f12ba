import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ProjectBoxDoc } from '@wayfarer/api/schemas/userdb-docs';
import { PROJECT_RELATIONS, type ProjectRelation } from '@wayfarer/api/schemas/userdb-rules';
import { useIsOnline } from '@/components/ui/use-online-status';
import { buildPath } from '@/config/paths';
import { useDeviceCopy } from '@/lib/device-copy';
import { formatDateTime, formatDay, plural } from '@/lib/format';
import { PROJECT_STATUS_LABELS } from '@/lib/project-labels';
import { isUnreachable, useResource } from '@/lib/use-resource';
import '@/components/form/form.css';
import { notifyError } from '@/stores/notification';
import { syncStore } from '@/stores/sync';
import {
  getProjectStates,
  saveNotes,
  unsaveProject,
  useProjectBox,
  type ProjectLiveState,
} from '../api/projectbox';
import './projectbox.css';

const RELATION_LABELS: Record<ProjectRelation, string> = {
  posted: 'Posted by you',
  applied: 'Applied',
  joined: 'Joined',
  saved: 'Saved',
};

const NOTES_SAVE_DELAY_MS = 800;

/** The project's status, places left and deadline (while it takes applications). */
function LiveState({ state }: { state: ProjectLiveState }) {
  if (!state.status) return null;
  const isTakingApplications = state.status === 'open' || state.status === 'draft';
  return (
    <p className="projectbox-live" data-testid="projectbox-live">
      <span className="badge" data-status={state.status}>
        {PROJECT_STATUS_LABELS[state.status]}
      </span>
      {isTakingApplications && state.slots_left !== undefined && (
        <span>{plural(state.slots_left, 'place')} left</span>
      )}
      {isTakingApplications && state.deadline && (
        <span>Applications close {formatDay(state.deadline)}</span>
      )}
    </p>
  );
}

function NotesField({ entry }: { entry: ProjectBoxDoc }) {
  const id = useId();
  const [text, setText] = useState(entry.notes);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const isDirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Notes changed on another device show here, unless you are in the middle of typing.
  useEffect(() => {
    if (!isDirty.current) setText(entry.notes);
  }, [entry.notes]);

  const save = (value: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setState('saving');
    saveNotes(entry._id, value)
      .then(() => {
        isDirty.current = false;
        setState('saved');
      })
      .catch(() => {
        setState('idle');
        notifyError('Your note did not save on this device. Please try again.');
      });
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="field projectbox-notes">
      <label htmlFor={id}>Private notes</label>
      <textarea
        id={id}
        rows={3}
        maxLength={5000}
        value={text}
        placeholder="Only you can read these."
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          const value = event.target.value;
          isDirty.current = true;
          setText(value);
          setState('idle');
          clearTimeout(timer.current);
          timer.current = setTimeout(() => save(value), NOTES_SAVE_DELAY_MS);
        }}
        onBlur={() => {
          if (timer.current !== undefined) save(text);
        }}
      />
      <p id={`${id}-status`} className="field-hint" aria-live="polite">
        {state === 'saving'
          ? 'Saving…'
          : state === 'saved'
            ? 'Saved. It syncs to your devices.'
            : ''}
      </p>
    </div>
  );
}

function Entry({ entry, state }: { entry: ProjectBoxDoc; state: ProjectLiveState | undefined }) {
  const relations = PROJECT_RELATIONS.filter((relation) => entry.relations.includes(relation));
  return (
    <li className="card projectbox-entry" data-testid="projectbox-entry">
      <div className="projectbox-entry-head">
        <h2>
          <Link to={buildPath('project.show', { id: entry.project_id })}>{entry.title}</Link>
        </h2>
        <ul className="projectbox-relations" aria-label="Your relation to this project">
          {relations.map((relation) => (
            <li key={relation} className="badge" data-relation={relation}>
              {RELATION_LABELS[relation]}
            </li>
          ))}
        </ul>
      </div>
      {state && <LiveState state={state} />}
      <NotesField entry={entry} />
      {entry.relations.includes('saved') && (
        <button
          type="button"
          className="button button-ghost"
          onClick={() =>
            void unsaveProject(entry._id).catch(() =>
              notifyError('That did not save on this device. Please try again.'),
            )
          }
        >
          Remove from saved
        </button>
      )}
    </li>
  );
}

/** /projectbox: the projects you posted, applied to, joined or saved, with private notes. */
export function ProjectBoxPage() {
  const entries = useProjectBox();
  const sync = useSnapshot(syncStore);
  // The projects' live state comes from the API; offline, as this device last received it.
  const isOnline = useIsOnline();
  const { resource } = useResource(isOnline ? 'projectbox-states' : null, (signal) =>
    getProjectStates({ signal }),
  );
  const copy = useDeviceCopy('projectbox-states', resource.data);
  const fromDevice = !isOnline || isUnreachable(resource);
  const states = fromDevice ? copy?.data : resource.data;

  return (
    <section className="projectbox" aria-labelledby="projectbox-title">
      <div className="page-heading">
        <div>
          <h1 id="projectbox-title">Project Box</h1>
          <p className="muted">
            The projects you posted, applied to, joined or saved, with notes only you can read. Kept
            on this device too, so it opens offline.
          </p>
        </div>
      </div>
      {entries === null ? (
        <p className="muted" aria-busy="true">
          {sync.db === 'failed' ? sync.error : 'Opening your project box…'}
        </p>
      ) : entries.length === 0 ? (
        <div className="projectbox-empty">
          <h2>Your project box is empty</h2>
          <p>
            Projects you post, apply to or join are added here by the marketplace, and projects you
            save from a project page join them. Nothing is here yet.
          </p>
        </div>
      ) : (
        <>
          {fromDevice && copy && (
            <p className="muted" role="status" data-testid="projectbox-states-offline">
              You are offline: the projects’ status is as of {formatDateTime(copy.saved_at)}.
            </p>
          )}
          <ul className="projectbox-list">
            {entries.map((entry) => (
              <Entry key={entry._id} entry={entry} state={states?.[entry.project_id]} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
