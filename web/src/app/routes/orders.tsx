// The order pages (issue 15): ordering a gig (/gigs/:id/order), the checkout, one order
// (/orders/:id, for both parties), My Orders in the customer and agent areas, and the customer
// dashboard with its orders. The orders feature draws them; the gig comes from the gigs feature.
import type { Gig } from '@wayfarer/api/schemas';
import { can } from '@wayfarer/api/schemas/roles';
import type { ReactNode } from 'react';
import {
  Link,
  Navigate,
  useLoaderData,
  useNavigate,
  useParams,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { getGig } from '@/features/gigs/api/gigs';
import { CheckoutPage } from '@/features/orders/components/checkout-page';
import { MyOrders } from '@/features/orders/components/my-orders';
import { CustomerOrdersPanel } from '@/features/orders/components/order-dashboards';
import { OrderForm } from '@/features/orders/components/order-form';
import { OrderPage } from '@/features/orders/components/order-page';
import { OrderReviewsSection } from '@/features/reviews/components/order-reviews';
import { notify } from '@/stores/notification';
import { useCurrentUser } from '@/stores/auth';
import type { User } from '@/types/api';
import { buildPath } from '@/config/paths';
import { AreaDashboard } from './account';
import { orNotFound } from './load';
import {
  cannotOrderReason,
  checkoutHref,
  gigMessageHref,
  orderHref,
  orderMessageHref,
} from './order-links';
import { RoutePage, type RoutePageProps } from './route-page';

export { PageError as ErrorBoundary } from '../page-error';

const gigHref = (id: string) => buildPath('gigs.show', { id });

function Page(props: Omit<RoutePageProps, 'className'>) {
  return <RoutePage className="orders-route" {...props} />;
}

export function orderGigLoader({ params, request }: LoaderFunctionArgs) {
  return orNotFound(request, () => getGig(params.id ?? '', { signal: request.signal }));
}

/** Why this member cannot order this gig, or null when they can. */
function whyNot(gig: Gig, user: Pick<User, 'id' | 'role'> | null): ReactNode {
  if (!user) return null;
  if (user.id === gig.owner.id)
    return (
      <>
        This is your own gig. <Link to={buildPath('agent.manage.gigs')}>Manage your gigs</Link>
      </>
    );
  if (!can(user.role, 'order.create'))
    return `${cannotOrderReason(user.role)} To order, log in with a customer account.`;
  if (gig.status !== 'active') return 'This gig is not available to order right now.';
  if (gig.packages.length === 0) return 'This gig has no packages to order yet.';
  return null;
}

/** /gigs/:id/order: the order form (members only; the guard sends guests to log in first). */
export function OrderGig() {
  const gig = useLoaderData<Gig>();
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const reason = whyNot(gig, user);
  return (
    <Page
      title={`Order: ${gig.title}`}
      lead={
        <>
          From <Link to={gigHref(gig.id)}>{gig.owner.full_name}’s gig</Link>. Choose a package,
          extras and your dates; you pay on the next page.
        </>
      }
    >
      {reason ? (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{reason}</p>
          <p>
            <Link to={gigHref(gig.id)}>Back to the gig</Link>
          </p>
        </div>
      ) : (
        <OrderForm
          gig={gig}
          initialTier={search.get('package')}
          askHref={(pkg) => gigMessageHref(gig, pkg)}
          checkoutHref={checkoutHref}
          onPlaced={(order) => void navigate(checkoutHref(order.id))}
        />
      )}
    </Page>
  );
}

/** /checkout/:orderId */
export function Checkout() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <CheckoutPage
      key={orderId}
      orderId={orderId}
      orderHref={orderHref}
      gigHref={gigHref}
      onPaid={(order) => {
        notify('Payment received. Your money is held in escrow until you accept the work.');
        void navigate(orderHref(order.id), { replace: true });
      }}
    />
  );
}

/**
 * /orders/:id: the order page, for its customer and its agent. An admin (never a party: admins
 * neither order nor sell) reads an order on the admin area's page of it, which is written for them.
 */
export function OrderShow() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role === 'Admin')
    return <Navigate replace to={buildPath('admin.orders.show', { id })} />;
  return (
    <OrderPage
      key={id}
      orderId={id}
      viewerId={user.id}
      gigHref={gigHref}
      checkoutHref={checkoutHref}
      profileHref={(party) =>
        party.tagname ? buildPath('user.info', { tagname: party.tagname }) : null
      }
      conversationHref={orderMessageHref}
      reviews={(order, side) => (
        <OrderReviewsSection
          key={order.status}
          orderId={order.id}
          side={side}
          otherName={side === 'customer' ? order.agent.full_name : order.customer.full_name}
          isCompleted={order.status === 'completed'}
          completedAt={order.completed_at}
        />
      )}
    />
  );
}

export function CustomerMyOrders() {
  return (
    <Page title="My Orders" lead="The gigs you ordered, from payment to delivery.">
      <MyOrders side="customer" orderHref={orderHref} exploreHref={buildPath('explore')} />
    </Page>
  );
}

export function AgentMyOrders() {
  return (
    <Page title="My Orders" lead="Orders of your gigs: start, deliver and get paid from escrow.">
      <MyOrders side="agent" orderHref={orderHref} exploreHref={buildPath('explore')} />
    </Page>
  );
}

export function CustomerDashboardPage() {
  return (
    <>
      <AreaDashboard />
      <CustomerOrdersPanel myOrdersHref={buildPath('customer.my.orders')} orderHref={orderHref} />
    </>
  );
}
