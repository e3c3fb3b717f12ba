// The frame of a route module's page (its heading and lead) and the service choices of its forms,
// shared by the gig, job, order and project route modules.
import type { ReactNode } from 'react';
import { useServices } from '@/features/services/hooks/use-services';

export interface RoutePageProps {
  /** The route module's class, such as `jobs-route`. */
  className: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}

export function RoutePage({ className, title, lead, children }: RoutePageProps) {
  return (
    <div className={className}>
      <div className="page-heading">
        <div>
          <h1>{title}</h1>
          {lead && <p className="muted">{lead}</p>}
        </div>
      </div>
      {children}
    </div>
  );
}

/** The service categories for a form: the list, or where it stands ('loading', 'error'). */
export function useServiceChoices() {
  const services = useServices();
  return services.status === 'ready' ? services.services : services.status;
}
