// The jobs pages (issue 18): Post a Job and editing a job, My Jobs and a job with its offers for
// the customer; the jobs board, a job with the agent's offer and My offers for agents. The jobs
// feature draws them; the service names come from the services feature, the links from here.
import { can } from '@wayfarer/api/schemas/roles';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { AgentJobPage } from '@/features/jobs/components/agent-job-page';
import { CustomerJobPage } from '@/features/jobs/components/customer-job-page';
import { EditJob } from '@/features/jobs/components/edit-job';
import { JobForm } from '@/features/jobs/components/job-form';
import { JobsBoard } from '@/features/jobs/components/jobs-board';
import { MyJobs } from '@/features/jobs/components/my-jobs';
import { MyOffers } from '@/features/jobs/components/my-offers';
import type { Job, Offer } from '@/features/jobs/api/jobs';
import { useServices } from '@/features/services/hooks/use-services';
import { useCurrentUser } from '@/stores/auth';
import { notify } from '@/stores/notification';
import { buildPath } from '@/config/paths';
import { checkoutHref, orderHref } from './order-links';
import { RoutePage, type RoutePageProps, useServiceChoices } from './route-page';

function Page(props: Omit<RoutePageProps, 'className'>) {
  return <RoutePage className="jobs-route" {...props} />;
}

const customerJobHref = (id: string) => buildPath('customer.jobs.show', { id });
const agentJobHref = (id: string) => buildPath('jobs.show', { id });
const editJobHref = (id: string) => buildPath('customer.jobs.edit', { id });

function useServiceName() {
  const services = useServices();
  const list = services.status === 'ready' ? services.services : [];
  return (id: string) => list.find((s) => s.id === id)?.name;
}

/** The conversation with a job's other party, about the job (the gig page's "Message" works so). */
function jobMessageHref(tagname: string | null, job: { id: string; title: string }) {
  if (!tagname) return null;
  return buildPath('user.message', { tagname }, { about: 'job', ref: job.id, title: job.title });
}

function useAfterSave(verb: string) {
  const navigate = useNavigate();
  return (job: Job) => {
    notify(`“${job.title}” is ${verb}.`);
    void navigate(customerJobHref(job.id));
  };
}

/** /customer/post-job */
export function PostJobPage() {
  const services = useServiceChoices();
  const onSaved = useAfterSave('posted: agents can send offers now');
  return (
    <Page
      title="Post a Job"
      lead="Describe what you need; agents of the service answer with offers. Your work is saved on this device as you type, offline too, and continues on your other devices."
    >
      <JobForm services={services} onSaved={onSaved} />
    </Page>
  );
}

/** /customer/jobs/:id/edit */
export function EditJobPage() {
  const { id = '' } = useParams();
  const services = useServiceChoices();
  const onSaved = useAfterSave('saved');
  return (
    <Page title="Edit job" lead="Change the job while no offer is accepted.">
      <EditJob key={id} id={id} services={services} onSaved={onSaved} />
    </Page>
  );
}

/** /customer/my-jobs */
export function MyJobsPage() {
  return (
    <Page title="My Jobs" lead="The jobs you posted and the offers agents sent.">
      <MyJobs jobHref={customerJobHref} postHref={buildPath('customer.post.job')} />
    </Page>
  );
}

/** /customer/jobs/:id */
export function CustomerJobShow() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const serviceName = useServiceName();
  return (
    <Page title="Your job">
      <CustomerJobPage
        key={id}
        jobId={id}
        editHref={editJobHref}
        orderHref={orderHref}
        serviceName={serviceName}
        messageHref={(offer: Offer) =>
          jobMessageHref(offer.agent.tagname, { id: offer.job_id, title: offer.job_title })
        }
        profileHref={(offer: Offer) =>
          offer.agent.tagname ? buildPath('user.info', { tagname: offer.agent.tagname }) : null
        }
        onAccepted={(order) => {
          notify('Offer accepted. Pay to start the order.');
          void navigate(checkoutHref(order.id));
        }}
      />
    </Page>
  );
}

/** /jobs: the jobs board (agents). */
export function JobsBoardPage() {
  const services = useServices();
  return (
    <Page
      title="Jobs board"
      lead="Open jobs from customers, those of your services first. Send an offer, or save a search to hear of new jobs."
    >
      <JobsBoard
        services={services.status === 'ready' ? services.services : []}
        jobHref={agentJobHref}
      />
    </Page>
  );
}

/** /jobs/:id: a job as an agent sees it; a customer (a link to their job) goes to theirs. */
export function AgentJobShow() {
  const { id = '' } = useParams();
  const serviceName = useServiceName();
  const user = useCurrentUser();
  if (user && !can(user.role, 'area.agent')) return <Navigate to={customerJobHref(id)} replace />;
  return (
    <Page title="Job">
      <AgentJobPage
        key={id}
        jobId={id}
        boardHref={buildPath('jobs')}
        orderHref={orderHref}
        serviceName={serviceName}
        messageHref={(job) => jobMessageHref(job.customer.tagname, job)}
      />
    </Page>
  );
}

/** /agent/my-offers */
export function MyOffersPage() {
  return (
    <Page title="My offers" lead="Your offers on customers' jobs and what became of them.">
      <MyOffers jobHref={agentJobHref} orderHref={orderHref} boardHref={buildPath('jobs')} />
    </Page>
  );
}
