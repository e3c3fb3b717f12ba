import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { deleteService, listServices, updateService, withStatus } from '../api/services';
import { useConfirm } from '@/components/ui/use-confirm';
import { useResource } from '@/lib/use-resource';
import type { AdminService } from '../types';
import { formatDate, plural } from '@/lib/format';
import { StatusBadge } from './badges';
import { LoadState } from './load-state';
import { ServiceIcon } from '@/components/ui/service-icon';
import './admin.css';

/** /admin/services: the service catalog (the public Services menu shows the active ones). */
export function ServicesPage() {
  const { resource, reload, setData } = useResource('services', (signal) =>
    listServices({ signal }),
  );
  const { ask, dialog } = useConfirm();

  const replace = (next: AdminService) =>
    setData((list) => list.map((s) => (s.id === next.id ? next : s)));

  const toggle = (service: AdminService) => {
    const isActive = service.status === 'active';
    ask({
      title: `${isActive ? 'Deactivate' : 'Activate'} ${service.name}?`,
      body: isActive ? (
        <p>
          {service.name} leaves the public Services menu and its page. Its{' '}
          {plural(service.gig_count, 'gig')} stay as they are.
        </p>
      ) : (
        <p>{service.name} appears in the public Services menu and gets its page.</p>
      ),
      confirmLabel: isActive ? 'Deactivate' : 'Activate',
      tone: isActive ? 'danger' : 'default',
      run: async () =>
        replace(
          await updateService(service.id, withStatus(service, isActive ? 'inactive' : 'active')),
        ),
      successMessage: `${service.name} is ${isActive ? 'inactive' : 'active'}.`,
    });
  };

  const remove = (service: AdminService) =>
    ask({
      title: `Delete ${service.name}?`,
      body:
        service.gig_count > 0 ? (
          <p>
            {service.name} has {plural(service.gig_count, 'gig')}, so it cannot be deleted; the
            server will refuse. Deactivate it instead.
          </p>
        ) : (
          <p>{service.name} is removed for good. This cannot be undone.</p>
        ),
      confirmLabel: 'Delete service',
      tone: 'danger',
      run: async () => {
        await deleteService(service.id);
        setData((list) => list.filter((s) => s.id !== service.id));
      },
      successMessage: `${service.name} was deleted.`,
    });

  return (
    <div className="admin-page">
      <div className="page-heading">
        <div>
          <h1>Services</h1>
          <p className="muted">
            The service categories of the marketplace. Active ones are in the public Services menu.
          </p>
        </div>
        <Link to={buildPath('admin.services.create')} className="button">
          New service
        </Link>
      </div>
      <LoadState resource={resource} onRetry={reload} what="services">
        {(services) =>
          services.length === 0 ? (
            <p className="card muted">No services yet.</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table services-table">
                <caption className="visually-hidden">Services</caption>
                <thead>
                  <tr>
                    <th scope="col">Service</th>
                    <th scope="col">Status</th>
                    <th scope="col">Gigs</th>
                    <th scope="col">Updated</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {services.map((service) => (
                    <tr key={service.id}>
                      <th scope="row" data-label="Service">
                        <span className="service-name">
                          <ServiceIcon
                            icon={service.icon}
                            id={service.id}
                            className="service-icon"
                          />
                          <span>
                            {service.name}
                            <span className="cell-sub muted">{service.description}</span>
                          </span>
                        </span>
                      </th>
                      <td data-label="Status">
                        <StatusBadge status={service.status} />
                      </td>
                      <td data-label="Gigs">{service.gig_count}</td>
                      <td data-label="Updated" className="cell-nowrap">
                        {formatDate(service.updated_at ?? service.created_at)}
                      </td>
                      <td>
                        <div className="row-actions">
                          <Link
                            to={buildPath('admin.services.edit', { id: service.id })}
                            className="button button-secondary button-small"
                            aria-label={`Edit ${service.name}`}
                          >
                            Edit
                          </Link>
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            onClick={() => toggle(service)}
                            aria-label={`${service.status === 'active' ? 'Deactivate' : 'Activate'} ${service.name}`}
                          >
                            {service.status === 'active' ? 'Deactivate' : 'Activate'}
                          </button>
                          <button
                            type="button"
                            className="button button-ghost button-small button-danger-text"
                            onClick={() => remove(service)}
                            aria-label={`Delete ${service.name}`}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadState>
      {dialog}
    </div>
  );
}
