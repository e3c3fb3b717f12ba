import { useServices } from '../hooks/use-services';

export function ServiceCategories() {
  const state = useServices();

  return (
    <section
      className="categories"
      aria-labelledby="categories-title"
      aria-busy={state.status === 'loading'}
    >
      <h2 id="categories-title">Browse by category</h2>
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
            <li key={service.id}>{service.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
