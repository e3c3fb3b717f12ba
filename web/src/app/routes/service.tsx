// /services/{id} (route name services.id): one category and what it offers.
import type { ServiceDetail } from '@wayfarer/api/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { ShareWidget } from '@/components/ui/share-widget';
import { getService } from '@/features/services/api/get-service';
import { ServicePage } from '@/features/services/components/service-page';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '../paths';
import { ServiceGigs } from './gig-sections';

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
      gigs={<ServiceGigs key={service.id} service={service.id} name={service.name} />}
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
