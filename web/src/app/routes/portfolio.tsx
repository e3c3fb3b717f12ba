// The agent's portfolio pages (issue 20): Projects (the spec's agent-projects, which for an agent
// is their portfolio), adding a project and editing one (not in spec), from the portfolio
// feature, with the service categories (services feature) as options and names.
import { useNavigate, useParams } from 'react-router-dom';
import { EditPortfolioProject } from '@/features/portfolio/components/edit-portfolio-project';
import { PortfolioForm } from '@/features/portfolio/components/portfolio-form';
import { PortfolioManager } from '@/features/portfolio/components/portfolio-manager';
import type { OwnPortfolioProject } from '@/features/portfolio/api/portfolio';
import { buildPath } from '@/config/paths';
import { useCurrentUser } from '@/stores/auth';
import { notify } from '@/stores/notification';
import { RoutePage, type RoutePageProps, useServiceChoices } from './route-page';

function Page(props: Omit<RoutePageProps, 'className'>) {
  return <RoutePage className="portfolio-page" {...props} />;
}

const editHref = (id: string) => buildPath('agent.projects.edit', { id });

function useAfterSave(verb: string) {
  const navigate = useNavigate();
  return (project: OwnPortfolioProject) => {
    notify(`“${project.title}” is ${verb} your portfolio.`);
    void navigate(buildPath('agent.projects'));
  };
}

export function AgentProjectsPage() {
  const services = useServiceChoices();
  const user = useCurrentUser();
  const names = new Map(Array.isArray(services) ? services.map((s) => [s.id, s.name]) : []);
  return (
    <Page
      title="Portfolio projects"
      lead="The work you show customers on your profile’s Projects tab, in the order you choose."
    >
      <PortfolioManager
        createHref={buildPath('agent.projects.create')}
        editHref={editHref}
        profileHref={user?.tagname ? buildPath('user.projects', { tagname: user.tagname }) : null}
        serviceName={(id) => names.get(id) ?? id}
      />
    </Page>
  );
}

export function CreatePortfolioProjectPage() {
  const services = useServiceChoices();
  const onSaved = useAfterSave('added to');
  return (
    <Page
      title="Add a project"
      lead="A piece of work you are proud of: what it was, a few pictures, and the order it was if you did it here. What you type is saved on this device as you go."
    >
      <PortfolioForm services={services} onSaved={onSaved} />
    </Page>
  );
}

export function EditPortfolioProjectPage() {
  const { id = '' } = useParams();
  const services = useServiceChoices();
  const onSaved = useAfterSave('saved in');
  return (
    <Page
      title="Edit project"
      lead="Change any part of the project; it stays as it is until you save."
    >
      <EditPortfolioProject id={id} services={services} onSaved={onSaved} />
    </Page>
  );
}
