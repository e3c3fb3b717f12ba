import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { buildPath } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { APPLICATION_STATUS_LABELS } from '@/lib/project-labels';
import { syncStore } from '@/stores/sync';
import { useDeviceApplications, type ApplicationMirrorDoc } from '../api/device-projects';

function ApplicationRow({ doc }: { doc: ApplicationMirrorDoc }) {
  const { application, project } = doc;
  return (
    <li
      className="card profile-project"
      data-testid="my-application"
      data-status={application.status}
    >
      <div className="profile-project-head">
        <h3>
          <Link to={buildPath('project.show', { id: project.id })}>{project.title}</Link>
        </h3>
        <span className="badge" data-status={application.status}>
          {APPLICATION_STATUS_LABELS[application.status]}
        </span>
      </div>
      <p className="muted">
        {application.party ? `As ${application.party.name}` : 'Alone'}
        {' · '}
        {project.expertise.find((e) => e.id === application.expertise)?.name ??
          application.expertise}
        {' · '}applied {formatDate(application.created_at)}
      </p>
      {application.decision_message && (
        <p className="profile-project-comment">“{application.decision_message}”</p>
      )}
    </li>
  );
}

/**
 * A student's applications (alone, led or as a member), from the copies the server keeps on
 * their device: readable offline, and live as they sync.
 */
export function MyApplications() {
  const docs = useDeviceApplications();
  const sync = useSnapshot(syncStore);
  return (
    <section aria-labelledby="my-applications-title" className="profile-projects-section">
      <h2 id="my-applications-title">My applications</h2>
      {docs === null ? (
        <p className="muted" aria-busy="true">
          {sync.db === 'failed' ? sync.error : 'Opening your applications…'}
        </p>
      ) : docs.length === 0 && sync.status !== 'online' ? (
        // Nothing here yet, and the sync has not caught up: a new device, not a new student.
        <p className="muted" role="status" data-testid="applications-syncing">
          {sync.status === 'syncing'
            ? 'Your applications are syncing to this device…'
            : 'This device has no copy of your applications yet: they are listed here once it syncs.'}
        </p>
      ) : docs.length === 0 ? (
        <p className="muted">
          You have not applied to a project yet. Applications you send, and those of your parties,
          are listed here, offline too.
        </p>
      ) : (
        <ul className="profile-projects">
          {docs.map((doc) => (
            <ApplicationRow key={doc._id} doc={doc} />
          ))}
        </ul>
      )}
    </section>
  );
}
