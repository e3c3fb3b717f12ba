import { useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { DraftNotice } from '@/components/form/draft-notice';
import { Field } from '@/components/form/render-field';
import { Avatar } from '@/components/ui/avatar';
import { useOnlineStatus } from '@/components/ui/use-online-status';
import { useSendWhenOnline } from '@/components/form/use-send-when-online';
import { ApiError, INPUT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { useDraft } from '@/lib/local-db-drafts';
import { useResource } from '@/lib/use-resource';
import {
  applyToProject,
  getParty,
  getProject,
  type ApplicantType,
  type PartyResponse,
  type Project,
  type ProjectApplication,
} from '../api/projects';
import {
  checkApplyValues,
  emptyApplyValues,
  toApplyFormErrors,
  toApplyRequest,
  type ApplyFormErrors,
  type ApplyFormValues,
} from '../utils/apply-form';
import { applyBlocker } from './project-page';
import { LoadError, Loading } from '@/components/ui/load-state';
import './projects.css';

export interface ApplyPageProps {
  projectId: string;
  type: ApplicantType;
  links: {
    tab: (type: ApplicantType) => string;
    project: string;
    /** Where a student makes their party. */
    partyLeader: string;
  };
  onApplied: (application: ProjectApplication) => void;
}

/**
 * Apply to a project (Students), alone or as the party they lead: why, a few words about
 * themselves and their expertise (one of the project's); a team picks members of the party who
 * accepted it, each with their expertise. Offline, the application waits in the student's own
 * database (a draft marked "send when online") and is sent as soon as the device is back online.
 */
export function ApplyPage({ projectId, type, links, onApplied }: ApplyPageProps) {
  const { resource, reload } = useResource<Project>(`project:${projectId}`, (signal) =>
    getProject(projectId, { signal }),
  );
  if (resource.status !== 'ready') {
    if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
    return <Loading what="the project" />;
  }
  const project = resource.data;
  return (
    <div className="project-page">
      <p>
        Applying to <Link to={links.project}>{project.title}</Link>
      </p>
      <nav className="project-tabs" aria-label="Apply as">
        <ul>
          <li>
            <NavLink to={links.tab('individual')}>Individual</NavLink>
          </li>
          <li>
            <NavLink to={links.tab('team')}>Team</NavLink>
          </li>
        </ul>
      </nav>
      {!project.applicant_types.includes(type) ? (
        <p className="alert" role="status">
          {type === 'team'
            ? 'This project takes individuals only: apply on the Individual tab.'
            : 'This project takes teams only: apply with your party on the Team tab.'}
        </p>
      ) : (
        <ApplyForm
          key={type}
          project={project}
          type={type}
          partyLeaderHref={links.partyLeader}
          onApplied={onApplied}
        />
      )}
    </div>
  );
}

function ApplyForm({
  project,
  type,
  partyLeaderHref,
  onApplied,
}: {
  project: Project;
  type: ApplicantType;
  partyLeaderHref: string;
  onApplied: (application: ProjectApplication) => void;
}) {
  const formId = useId();
  const id = (key: string) => `${formId}-${key}`;
  const [values, setValues] = useState<ApplyFormValues>(emptyApplyValues);
  const [errors, setErrors] = useState<ApplyFormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const isOnline = useOnlineStatus();
  const draft = useDraft('apply', `${project.id}:${type}`, values);
  const party = useResource<PartyResponse>(type === 'team' ? 'party' : null, (signal) =>
    getParty({ signal }),
  );
  const blocker = applyBlocker(project, 'Student');

  const set = <K extends keyof ApplyFormValues>(key: K, value: ApplyFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) =>
      key in current ? { ...current, [key as keyof ApplyFormErrors]: undefined } : current,
    );
  };

  const leader = party.resource.status === 'ready' ? party.resource.data.leader : null;
  const rows = (leader?.members ?? []).map(
    (m) =>
      values.members.find((row) => row.user_id === m.user.id) ?? {
        user_id: m.user.id,
        expertise: '',
        selected: false,
      },
  );
  const setRow = (userId: string, change: Partial<ApplyFormValues['members'][number]>) =>
    set(
      'members',
      rows.map((row) => (row.user_id === userId ? { ...row, ...change } : row)),
    );

  const send = async (current: ApplyFormValues) => {
    if (busyRef.current) return;
    const found = checkApplyValues(current, type);
    if (Object.keys(found).length) {
      setErrors(found);
      setAlert(INPUT_ERROR_MESSAGE);
      return;
    }
    if (!navigator.onLine) {
      setValues({ ...current, send_when_online: true });
      setAlert(null);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setAlert(null);
    try {
      const application = await applyToProject(project.id, toApplyRequest(current, type));
      draft.clear();
      setValues({ ...current, send_when_online: false });
      onApplied(application);
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError) {
        setValues({ ...current, send_when_online: true });
        setAlert(NETWORK_ERROR_MESSAGE);
      } else {
        setValues({ ...current, send_when_online: false });
        if (error instanceof ApiError && Object.keys(error.errors).length) {
          const mapped = toApplyFormErrors(error.errors);
          setErrors(mapped);
          setAlert([error.message, ...(mapped.form ?? [])].join(' '));
        } else {
          setAlert(error instanceof Error ? error.message : 'The application could not be sent.');
        }
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // Applied offline: sent as soon as the connection is back.
  const { send_when_online: isWaiting } = values;
  useSendWhenOnline(isOnline, isWaiting, values, send);

  if (blocker !== null && !isWaiting)
    return (
      <p className="alert" role="status" data-testid="apply-blocker">
        {blocker}
      </p>
    );

  const expertiseSelect = (
    selectId: string,
    value: string,
    onChange: (value: string) => void,
    props: object = {},
  ) => (
    <select id={selectId} value={value} onChange={(e) => onChange(e.target.value)} {...props}>
      <option value="">Choose an expertise</option>
      {project.expertise.map((e) => (
        <option key={e.id} value={e.id}>
          {e.name}
        </option>
      ))}
    </select>
  );

  return (
    <form
      className="form project-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send(values);
      }}
    >
      <DraftNotice draft={draft} onResume={(fields) => setValues(fields)} />
      {isWaiting && (
        <p className="alert project-offline" role="status" data-testid="apply-waiting">
          You are offline: your application is kept on this device and will be sent when you are
          back online.
        </p>
      )}
      {alert && (
        <div className="alert alert-error" role="alert" data-testid="apply-alert">
          <p className="alert-title">{alert}</p>
        </div>
      )}
      <section className="card project-form-section form-section">
        <h2>{type === 'team' ? 'Your team' : 'About you'}</h2>
        <Field
          id={id('apply_reason')}
          label="Why you apply"
          hint="20 to 2,000 characters."
          error={errors.apply_reason}
        >
          {(props) => (
            <textarea
              {...props}
              rows={5}
              maxLength={2000}
              value={values.apply_reason}
              onChange={(e) => set('apply_reason', e.target.value)}
            />
          )}
        </Field>
        <Field
          id={id('self_describe')}
          label={type === 'team' ? 'Describe your team' : 'Describe yourself'}
          hint="Your experience and what you bring, 20 to 2,000 characters."
          error={errors.self_describe}
        >
          {(props) => (
            <textarea
              {...props}
              rows={5}
              maxLength={2000}
              value={values.self_describe}
              onChange={(e) => set('self_describe', e.target.value)}
            />
          )}
        </Field>
        <Field id={id('expertise')} label="Your expertise" error={errors.expertise}>
          {(props) =>
            expertiseSelect(props.id, values.expertise, (v) => set('expertise', v), props)
          }
        </Field>
      </section>

      {type === 'team' && (
        <section className="card project-form-section form-section" aria-labelledby={id('members')}>
          <h2 id={id('members')}>Members</h2>
          {party.resource.status === 'loading' && <Loading what="your party" />}
          {party.resource.status === 'error' && (
            <LoadError error={party.resource.error} onRetry={party.reload} />
          )}
          {party.resource.status === 'ready' && !leader && (
            <p data-testid="no-party">
              You do not lead a party yet.{' '}
              <Link to={partyLeaderHref}>Make your party and invite members</Link> to apply as a
              team.
            </p>
          )}
          {leader && leader.members.length === 0 && (
            <p>
              Nobody has accepted to join {leader.name} yet.{' '}
              <Link to={partyLeaderHref}>Invite members</Link>.
            </p>
          )}
          {leader && leader.members.length > 0 && (
            <>
              <p className="muted">
                Tick the members of {leader.name} who take part, and choose each one’s expertise.
              </p>
              <ul className="project-members">
                {leader.members.map((member) => {
                  const row = rows.find((r) => r.user_id === member.user.id);
                  return (
                    <li key={member.user.id} className="project-member">
                      <label>
                        <input
                          type="checkbox"
                          checked={!!row?.selected}
                          onChange={(e) => setRow(member.user.id, { selected: e.target.checked })}
                        />{' '}
                        <Avatar name={member.user.full_name} src={member.user.avatar} size={28} />{' '}
                        {member.user.full_name}
                      </label>
                      <label className="visually-hidden" htmlFor={id(`m-${member.user.id}`)}>
                        Expertise of {member.user.full_name}
                      </label>
                      {expertiseSelect(id(`m-${member.user.id}`), row?.expertise ?? '', (v) =>
                        setRow(member.user.id, { expertise: v, selected: true }),
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {errors.members && (
            <p className="field-error" data-field-error>
              {errors.members.join(' ')}
            </p>
          )}
        </section>
      )}

      <div className="form-actions">
        <button
          type="submit"
          className="button"
          aria-disabled={isBusy || (type === 'team' && !leader) || undefined}
          disabled={type === 'team' && !leader}
        >
          {isBusy ? 'Sending…' : type === 'team' ? 'Apply as a team' : 'Apply'}
        </button>
      </div>
    </form>
  );
}
