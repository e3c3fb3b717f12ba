// The agent's gig pages: Create a Gig, edit a gig, Manage Gig, and the dashboard with the gig
// figures (agent-gigs feature), with the service categories (services feature) as options.
import { useNavigate, useParams } from 'react-router-dom';
import { AgentStatsPanel } from '@/features/agent-gigs/components/agent-stats';
import { AgentOrdersPanel } from '@/features/orders/components/order-dashboards';
import { SellerLevelPanel } from '@/features/reputation/components/seller-level-card';
import { EditGig } from '@/features/agent-gigs/components/edit-gig';
import { GigForm } from '@/features/agent-gigs/components/gig-form';
import { ManageGigs } from '@/features/agent-gigs/components/manage-gigs';
import type { Gig } from '@/features/agent-gigs/api/gigs';
import { notify } from '@/stores/notification';
import { buildPath } from '@/config/paths';
import { AreaDashboard } from './account';
import { orderHref } from './order-links';
import { RoutePage, type RoutePageProps, useServiceChoices } from './route-page';

function Page(props: Omit<RoutePageProps, 'className'>) {
  return <RoutePage className="agent-gig-page" {...props} />;
}

const editHref = (id: string) => buildPath('agent.edit.gig', { id });
const gigHref = (id: string) => buildPath('gigs.show', { id });

function useAfterSave() {
  const navigate = useNavigate();
  return (gig: Gig) => {
    notify(
      gig.status === 'active'
        ? `“${gig.title}” is published.`
        : gig.status === 'paused'
          ? `“${gig.title}” is saved and stays paused.`
          : `“${gig.title}” is saved as a draft.`,
    );
    void navigate(buildPath('agent.manage.gigs'));
  };
}

export function CreateGigPage() {
  const services = useServiceChoices();
  const onSaved = useAfterSave();
  return (
    <Page
      title="Create a Gig"
      lead="Describe what you offer, set up to three packages, add images, then publish it or keep it as a draft. Your work is saved on this device as you type, offline too."
    >
      <GigForm services={services} onSaved={onSaved} />
    </Page>
  );
}

export function EditGigPage() {
  const { id = '' } = useParams();
  const services = useServiceChoices();
  const onSaved = useAfterSave();
  return (
    <Page title="Edit gig" lead="Change any part of the gig; it stays as it is until you save.">
      <EditGig id={id} services={services} onSaved={onSaved} />
    </Page>
  );
}

export function ManageGigsPage() {
  return (
    <Page
      title="Manage Gig"
      lead="Your gigs by status, with their views, wishlist saves, orders and rating."
    >
      <ManageGigs
        createHref={buildPath('agent.create.gig')}
        editHref={editHref}
        gigHref={gigHref}
      />
    </Page>
  );
}

export function AgentDashboardPage() {
  return (
    <>
      <AreaDashboard />
      <SellerLevelPanel />
      <AgentOrdersPanel myOrdersHref={buildPath('agent.my.orders')} orderHref={orderHref} />
      <AgentStatsPanel
        createHref={buildPath('agent.create.gig')}
        manageHref={buildPath('agent.manage.gigs')}
        editHref={editHref}
      />
    </>
  );
}
