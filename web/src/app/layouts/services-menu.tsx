import { Link } from 'react-router-dom';
import { Dropdown } from '@/components/ui/dropdown';
import { ServiceIcon } from '@/components/ui/service-icon';
import { useServices } from '@/features/services/hooks/use-services';
import { buildPath } from '@/config/paths';

/**
 * The header's Services dropdown, filled from GET /api/getServices (spec section 2). A failed
 * list is logged (by the services feature) and leaves the menu empty (spec section 8).
 */
export function ServicesMenu() {
  const state = useServices();
  const services = state.status === 'ready' ? state.services : [];
  return (
    <Dropdown label="Services" buttonClassName="nav-dropdown-toggle" align="start">
      {(close) => (
        <>
          <ul className="dropdown-list services-menu" aria-label="Service categories">
            {services.map((service) => (
              <li key={service.id}>
                <Link to={buildPath('services.id', { id: service.id })} onClick={close}>
                  <ServiceIcon id={service.id} size={20} />
                  <span>{service.name}</span>
                </Link>
              </li>
            ))}
          </ul>
          {state.status === 'loading' && <p className="dropdown-note muted">Loading…</p>}
        </>
      )}
    </Dropdown>
  );
}
