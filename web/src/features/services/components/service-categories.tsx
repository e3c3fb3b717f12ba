import { Link } from 'react-router-dom';
import { useServices } from '../hooks/use-services';
import { ServiceIcon } from '@/components/ui/service-icon';

export interface ServiceCategoriesProps {
  /** The link of a category's page (the app knows its routes). */
  hrefFor: (id: string) => string;
  title?: string;
  /** The line under the title; a function is given the number of categories (shown once loaded). */
  lead?: string | ((count: number) => string);
}

/** The categories as cards, each to its service page. */
export function ServiceCategories({
  hrefFor,
  title = 'Browse by category',
  lead,
}: ServiceCategoriesProps) {
  const state = useServices();
  const leadText =
    typeof lead === 'function'
      ? state.status === 'ready' && state.services.length > 0
        ? lead(state.services.length)
        : null
      : lead;

  return (
    <section
      id="categories"
      className="categories"
      aria-labelledby="categories-title"
      aria-busy={state.status === 'loading'}
    >
      <h2 id="categories-title">{title}</h2>
      {leadText && <p className="section-lead">{leadText}</p>}
      {state.status === 'loading' && <p className="muted">Loading categories…</p>}
      {state.status === 'error' && (
        <p className="muted">The categories are unavailable right now. Please try again later.</p>
      )}
      {state.status === 'ready' && state.services.length === 0 && (
        <p className="muted">No categories yet.</p>
      )}
      {state.status === 'ready' && state.services.length > 0 && (
        <ul className="category-list">
          {state.services.map((service) => (
            <li key={service.id}>
              <Link to={hrefFor(service.id)} className="category-card">
                <span className="category-icon">
                  <ServiceIcon id={service.id} />
                </span>
                <span className="category-name">{service.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
