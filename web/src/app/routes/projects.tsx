// The project pages (issue 19): Post Project and editing one (Lecturers), a project, applying
// (Students, individual or team), the shortlist, the dashboard and the reviews. The projects
// feature draws them; the service names come from the services feature, "Save to Project Box"
// from the project box feature, the links from here.
import type { ApplicantType } from '@wayfarer/api/schemas/projects';
import { Link, useMatches, useNavigate, useParams } from 'react-router-dom';
import { SaveProjectButton } from '@/features/projectbox/components/save-project-button';
import { ApplyPage as ApplyView } from '@/features/projects/components/apply-page';
import { DashboardPage } from '@/features/projects/components/dashboard-page';
import { EditProject } from '@/features/projects/components/edit-project';
import { ProjectForm } from '@/features/projects/components/project-form';
import { ProjectPage } from '@/features/projects/components/project-page';
import { ReviewPage } from '@/features/projects/components/review-page';
import { ShortlistPage } from '@/features/projects/components/shortlist-page';
import type { Project } from '@/features/projects/api/projects';
import { useCurrentUser } from '@/stores/auth';
import { notify } from '@/stores/notification';
import { buildPath } from '@/config/paths';
import { RoutePage, type RoutePageProps, useServiceChoices } from './route-page';

function Page(props: Omit<RoutePageProps, 'className'>) {
  return <RoutePage className="projects-route" {...props} />;
}

const projectHref = (id: string) => buildPath('project.show', { id });
const profileHref = (tagname: string) => buildPath('user.info', { tagname });

const links = {
  edit: (id: string) => buildPath('project.edit', { id }),
  apply: (id: string) => buildPath('project.apply.individual', { id }),
  shortlist: (id: string) => buildPath('project.shortlisted.individual', { id }),
  dashboard: (id: string) => buildPath('project.dashboard', { id }),
  review: (id: string) => buildPath('project.review', { id }),
  profile: profileHref,
};

function useAfterSave() {
  const navigate = useNavigate();
  return (project: Project) => {
    notify(
      project.status === 'draft'
        ? `“${project.title}” is saved as a draft: publish it when it is ready.`
        : `“${project.title}” is saved: students can apply while it is open.`,
    );
    void navigate(projectHref(project.id));
  };
}

/** /project/post (Lecturers); their projects, drafts too, are on their profile (My projects). */
export function PostProjectPage() {
  const services = useServiceChoices();
  const onSaved = useAfterSave();
  return (
    <Page
      title="Post Project"
      lead={
        <>
          A field trip, an event production, a tour design brief: describe it, choose the expertise
          you want and who may apply. Your work is saved on this device as you type, offline too.
          Your projects, drafts included, are under{' '}
          <Link to={buildPath('profile.projects')}>My projects</Link>.
        </>
      }
    >
      <ProjectForm services={services} onSaved={onSaved} />
    </Page>
  );
}

/** /project/:id/edit-post (its lecturer). */
export function EditProjectPage() {
  const { id = '' } = useParams();
  const services = useServiceChoices();
  const onSaved = useAfterSave();
  return (
    <Page title="Edit project" lead="Change the project while it is a draft or open.">
      <EditProject key={id} id={id} services={services} onSaved={onSaved} />
    </Page>
  );
}

/** /project/:id */
export function ProjectShow() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  return (
    <Page title="Project">
      <ProjectPage
        key={id}
        projectId={id}
        links={links}
        viewerRole={user?.role ?? null}
        viewerId={user?.id ?? null}
        saveButton={(project) => <SaveProjectButton project={project} />}
      />
    </Page>
  );
}

/** The open tab of the apply page or the shortlist: the child route that matched. */
function useApplicantTab(): ApplicantType {
  const matches = useMatches();
  return matches.at(-1)?.id.endsWith('.team') ? 'team' : 'individual';
}

/** /project/:id/apply/individual and /project/:id/apply/team: one page, the tab a child route. */
export function ApplyTabsPage() {
  const { id = '' } = useParams();
  const type = useApplicantTab();
  const navigate = useNavigate();
  return (
    <Page title="Apply to a project">
      <ApplyView
        key={id}
        projectId={id}
        type={type}
        links={{
          tab: (t) => buildPath(`project.apply.${t}`, { id }),
          project: projectHref(id),
          partyLeader: buildPath('party.leader'),
        }}
        onApplied={(application) => {
          notify(`Your application to “${application.project_title}” is sent.`);
          void navigate(projectHref(id));
        }}
      />
    </Page>
  );
}

/** /project/:id/shorlisted/individual and /project/:id/shorlisted/team, as the apply page. */
export function ShortlistTabsPage() {
  const { id = '' } = useParams();
  const type = useApplicantTab();
  return (
    <Page title="Shortlist" lead="Accept or decline each application; a message is optional.">
      <ShortlistPage
        key={id}
        projectId={id}
        type={type}
        links={{
          tab: (t) => buildPath(`project.shortlisted.${t}`, { id }),
          project: projectHref(id),
          dashboard: links.dashboard(id),
          profile: profileHref,
        }}
      />
    </Page>
  );
}

/** /project/:id/dashboard */
export function ProjectDashboardPage() {
  const { id = '' } = useParams();
  return (
    <Page title="Project dashboard">
      <DashboardPage
        key={id}
        projectId={id}
        links={{
          project: projectHref(id),
          shortlist: links.shortlist(id),
          review: links.review(id),
          inbox: buildPath('inbox'),
          profile: profileHref,
        }}
      />
    </Page>
  );
}

/** /project/:id/review */
export function ProjectReviewPage() {
  const { id = '' } = useParams();
  return (
    <Page
      title="Review participants"
      lead={
        <>
          Each review gives the participant points for their expertise on the{' '}
          <Link to={buildPath('leaderboard')}>leaderboard</Link>.
        </>
      }
    >
      <ReviewPage
        key={id}
        projectId={id}
        links={{ project: projectHref(id), profile: profileHref }}
      />
    </Page>
  );
}
