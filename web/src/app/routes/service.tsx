// /services/{id} (route name services.id): one category and what it offers.
import type { ServiceDetail } from '@wayfarer/api/schemas';
import { lazy } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { ShareWidget } from '@/components/ui/share-widget';
import { WhenVisible } from '@/components/ui/when-visible';
import { getService } from '@/features/services/api/get-service';
import { ServicePage } from '@/features/services/components/service-page';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '@/config/paths';

// Below the category's offers: the gigs feature's chunk (cards, the heart) loads when the
// visitor scrolls near it, so the page's first paint carries only the category.
const ServiceGigs = lazy(() =>
  import('./gig-sections').then((module) => ({ default: module.ServiceGigs })),
);

export { PageError as ErrorBoundary } from '../page-error';
import { absoluteUrl, orNotFound } from './load';

export function serviceLoader({ params, request }: LoaderFunctionArgs) {
  return orNotFound(request, () => getService(params.id ?? '', { signal: request.signal }));
}

export function Component() {
  const service = useLoaderData<ServiceDetail>();
  const user = useCurrentUser();
  const path = buildPath('services.id', { id: service.id });
  const offerHref =
    user?.role === 'Agent'
      ? buildPath('agent.create.gig')
      : user
        ? buildPath('selling-guide')
        : buildPath('register');
  return (
    <ServicePage
      service={service}
      postJobHref={buildPath('customer.post.job')}
      offerHref={offerHref}
      hrefFor={(id) => buildPath('services.id', { id })}
      gigs={
        <WhenVisible key={service.id} minHeight="24rem">
          <ServiceGigs service={service.id} name={service.name} />
        </WhenVisible>
      }
      share={
        <ShareWidget
          url={absoluteUrl(path)}
          title={`${service.name} on Wayfarer Market`}
          description={service.description}
          hashtags="travel"
        />
      }
    />
  );
}
